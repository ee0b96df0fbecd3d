import { taskCounts, tickTask, type IssueDto } from '@trackboard/contracts';

/**
 * The issue as a tick of its `index`-th task makes it, shown before the server answers: the one
 * mark changed and the card's counts with it (the server writes the same, contracts'
 * markdown-tasks.ts). Null when the copy here has no such task reading `text`, or it is already
 * as wanted: nothing to show. Worked out here, in the dialog's chunk, where the Markdown parser
 * already is: the board store is in the board's first load, which must stay small.
 */
export function tickedLocally(
  issue: IssueDto,
  index: number,
  wanted: { checked: boolean; text: string },
): IssueDto | null {
  const tick = tickTask(issue.description, index, wanted);
  if (tick.outcome !== 'ticked') return null;
  const { done, total } = taskCounts(tick.markdown);
  return { ...issue, description: tick.markdown, tasks: total ? { done, total } : undefined };
}
