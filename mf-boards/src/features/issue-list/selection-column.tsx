import type { IssueDto } from '@trackboard/contracts';
import type { MouseEvent } from 'react';
import { clearSelection, selectRun, toggleSelected, useIssueSelection } from '../../shared/issue-selection';
import { listTexts } from './list-texts';
import type { LeadingColumn } from './issue-list';

/** A row's checkbox: picks its issue for a bulk edit; with shift, the run from the last one picked. */
function PickBox({ issue }: { issue: IssueDto }) {
  const picked = useIssueSelection((s) => s.ids.includes(issue.id));
  const pick = (event: MouseEvent<HTMLInputElement>) => {
    event.preventDefault();
    if (event.shiftKey) selectRun(issue.id);
    else toggleSelected(issue.id);
  };
  return (
    <input
      type="checkbox"
      checked={picked}
      aria-label={listTexts.pick(issue.key)}
      onClick={pick}
      // The click decides (shift or not); the change event alone cannot tell.
      onChange={() => {}}
    />
  );
}

/** Every row shown picked, or none: the header's checkbox. */
function PickAll({ issues }: { issues: readonly IssueDto[] }) {
  const picked = useIssueSelection((s) => s.ids);
  const all = issues.length > 0 && issues.every((issue) => picked.includes(issue.id));
  return (
    <input
      type="checkbox"
      checked={all}
      aria-label={listTexts.pickAll}
      onChange={() =>
        all ? clearSelection() : useIssueSelection.setState({ ids: issues.map((issue) => issue.id), anchor: null })
      }
    />
  );
}

// One function for every list and sort: a row's memo compares it.
const pickCell = (issue: IssueDto) => <PickBox issue={issue} />;

/** The list's first column: checkboxes that pick issues for the bulk edit bar. */
export const selectionColumn = (issues: readonly IssueDto[]): LeadingColumn => ({
  header: <PickAll issues={issues} />,
  cell: pickCell,
});
