// One page of a list, the way every admin list pages: pages count from 1, and a
// page past the end answers no rows with the real totals (the screen steps back to the last).

export type PageRequest = { page: number; limit: number };

/** LIMIT and OFFSET of the requested page. */
export const pageWindow = ({ page, limit }: PageRequest) => ({ limit, offset: (page - 1) * limit });

/** The totals every page answer carries beside its rows. */
export const pageTotals = (total: number, { page, limit }: PageRequest) => ({
  totalPages: Math.ceil(total / limit),
  currentPage: page,
});
