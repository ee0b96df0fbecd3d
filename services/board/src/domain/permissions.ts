// Who may do what on a board: the predicates live once in contracts, shared with
// the browser; a board has no rules of its own beyond them.
export {
  canArrangeBoard,
  canComment,
  canEditIssues,
  canDeleteComment,
  canDeleteIssue,
  canEditComment,
  canSeeBoard,
  isAdmin,
  type Membership,
} from '@trackboard/contracts';
