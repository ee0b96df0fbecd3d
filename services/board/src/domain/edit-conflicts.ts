import type { UpdateIssueRequest } from '@trackboard/contracts';
import type { IssueSnapshot } from './history';
import { comparableValue, EDITABLE, type EditableField } from './issue-events';

/** PATCH /issues/:id without `status`: the status follows the column. */
export type IssueChanges = Omit<UpdateIssueRequest, 'status'>;

/** The request's name of a field → the field it changes (the owner is the assignee by name). */
const fieldOf = (key: string): EditableField | null =>
  key === 'owner' ? 'assigneeId' : EDITABLE.includes(key as EditableField) ? (key as EditableField) : null;

/**
 * Whether an edit would overwrite a change it never saw (answered 409 with the current issue).
 * An edit without a version is not checked, and one made on the current version saw everything.
 * Otherwise each field it changes is checked, not the whole issue, so an edit of the title does
 * not clash with someone's label change meanwhile: a field still as it was when the edit began
 * (its `base`), or already set to what the edit sets, is no conflict. A field without a base
 * counts as changed, so a client that sends only the version keeps the whole-issue rule.
 */
export function isStaleEdit(current: IssueSnapshot, changes: IssueChanges): boolean {
  const { version, base = {}, ...fields } = changes;
  if (version === undefined || version === current.version) return false;
  const began: Partial<Record<string, unknown>> = base;
  return Object.entries(fields).some(([key, value]) => {
    const field = fieldOf(key);
    if (!field) return false;
    // No base: the whole-issue rule (any change since is a conflict).
    if (!(field in began)) return true;
    const now = comparableValue(field, current[field]);
    if (comparableValue(field, began[field]) === now) return false;
    return key === 'owner' || comparableValue(field, value) !== now;
  });
}
