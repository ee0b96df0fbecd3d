import type { IssueDto } from '@trackboard/contracts';
import { showToast } from '@trackboard/web-kit';
import { useCallback, useRef, useState } from 'react';
import { useBoardStore } from '../../shared/board-store';
import { uiMessages } from '../../ui-messages';
import { shortDate, type Day } from './calendar-dates';
import { calendarTexts as t } from './calendar-texts';

/** The due dates asked for and not yet saved, by issue id (null: cleared). */
export type PendingDueDates = ReadonlyMap<string, Day | null>;

/**
 * A new due date for an issue, through the store's own update (the dialog's path: the same
 * conflict check, the same handling of a lost connection, the board updated from the answer).
 * The chip shows the new day at once and follows the store once the answer is in; a refusal is
 * said in a toast, since no dialog is open to show it, and the chip goes back.
 *
 * One change per issue is on its way at a time: presses of Alt+Arrow while one is sent only move
 * the target, which is sent once the answer is in. Sent side by side, the second would start
 * from the version the first replaces, and the server would refuse it as a conflict.
 */
export function useReschedule(announce: (text: string) => void) {
  const [pending, setPending] = useState<PendingDueDates>(new Map());
  const wanted = useRef(new Map<string, Day | null>());
  const sending = useRef(new Set<string>());

  const send = useCallback(
    async (issue: Pick<IssueDto, 'id' | 'key'>) => {
      sending.current.add(issue.id);
      try {
        for (;;) {
          const dueDate = wanted.current.get(issue.id) ?? null;
          const outcome = await useBoardStore.getState().updateIssue(issue.id, { dueDate });
          if (outcome !== 'saved') {
            const { issueConflict, issueUpdateError } = useBoardStore.getState();
            showToast({
              text:
                outcome === 'conflict'
                  ? (issueConflict ?? uiMessages.updateIssueFailed)
                  : uiMessages.updateError(issueUpdateError ?? uiMessages.updateIssueFailed),
              tone: outcome === 'conflict' ? 'info' : 'error',
            });
            return;
          }
          if ((wanted.current.get(issue.id) ?? null) === dueDate) {
            announce(dueDate ? t.dueOn(issue.key, shortDate(dueDate)) : t.dueCleared(issue.key));
            return;
          }
        }
      } finally {
        wanted.current.delete(issue.id);
        sending.current.delete(issue.id);
        setPending((now) => {
          const next = new Map(now);
          next.delete(issue.id);
          return next;
        });
      }
    },
    [announce],
  );

  /** Gives `issue` (as shown, pending change included) the due date `dueDate`; the same day is no change. */
  const reschedule = useCallback(
    (issue: Pick<IssueDto, 'id' | 'key' | 'dueDate'>, dueDate: Day | null) => {
      if (issue.dueDate === dueDate) return;
      wanted.current.set(issue.id, dueDate);
      setPending((now) => new Map(now).set(issue.id, dueDate));
      if (!sending.current.has(issue.id)) void send(issue);
    },
    [send],
  );

  return { pending, reschedule };
}
