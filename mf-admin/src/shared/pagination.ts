/** A page-number button, or a "..." standing for the pages skipped between two buttons. */
export type PageItem = { type: 'page'; page: number } | { type: 'gap'; after: number };

/**
 * Spec §2.16: the first and last pages and the current page plus or minus one, in order,
 * with a gap wherever pages are skipped.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  const wanted = new Set([1, current - 1, current, current + 1, totalPages]);
  const pages = [...wanted].filter((page) => page >= 1 && page <= totalPages).sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous > 1) items.push({ type: 'gap', after: previous });
    items.push({ type: 'page', page });
  });
  return items;
}

/** "Showing X to Y of N results": the 1-based range of the current page's rows. */
export function shownRange(page: number, limit: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  return { from: Math.min((page - 1) * limit + 1, total), to: Math.min(page * limit, total) };
}
