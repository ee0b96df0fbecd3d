import type { ProjectDto } from '@trackboard/contracts';

/** The orders of the projects page; "recent" (newest activity first) is the default. */
export const projectSorts = ['recent', 'name', 'key'] as const;
export type ProjectSort = (typeof projectSorts)[number];

type Listed = Pick<ProjectDto, 'key' | 'name' | 'lastActiveAt'>;

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

/** The projects whose name or key holds `term` (any case), in the chosen order; ties by key. */
export function searchAndSort<T extends Listed>(projects: readonly T[], term: string, sort: ProjectSort): T[] {
  const needle = term.trim().toLocaleLowerCase();
  const found = needle
    ? projects.filter((p) => p.name.toLocaleLowerCase().includes(needle) || p.key.toLocaleLowerCase().includes(needle))
    : [...projects];
  const compare: Record<ProjectSort, (a: T, b: T) => number> = {
    recent: (a, b) => Date.parse(b.lastActiveAt) - Date.parse(a.lastActiveAt) || byText(a.key, b.key),
    name: (a, b) => byText(a.name, b.name) || byText(a.key, b.key),
    key: (a, b) => byText(a.key, b.key),
  };
  return found.sort(compare[sort]);
}
