// An issue's parent, sub-issues and relations: the dialog's sections and the breadcrumb over its
// title. Both load on first use (lazy-parts.tsx); the card's marks are drawn by the card itself.
export { IssueLinksSection, ParentCrumb, preloadIssueLinks } from './lazy-parts';
export type { IssueLinksSectionProps } from './issue-links-section';
