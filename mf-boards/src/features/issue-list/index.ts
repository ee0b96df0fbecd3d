// What the board page uses of the list: the switch and the view (eager, small), and the list
// itself, whose code loads only when it is shown.
export { IssueList, preloadIssueList } from './lazy-issue-list';
export type { IssueListProps } from './issue-list';
export { useBoardView, ViewSwitch } from './view-switch';
