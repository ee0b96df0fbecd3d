import { statusForColumn, statusInColumn, type IssueDto, type IssueFieldChanges } from '@trackboard/contracts';
import { errorReason, fieldErrorOf } from '@trackboard/web-kit';
import { uiMessages } from '../../../ui-messages';
import type { EditOutcome } from '../../issue-dialog';
import { boardApi, conflictIssue, type IssueUpdate } from '../api';
import { issueFieldRules } from '../issue-field-rules';
import { normaliseIssue, renumber, upsertIssue } from '../board-model';
import { noIssueSelected, noSelection, withIssues } from './issue-list';
import { noAnswer } from './network';
import type { BoardSliceCreator } from './types';

/** The issue open in the dialog: its details and their edits (spec §4.8). */
export interface IssueSlice {
  selectedIssueId: string | null;
  selectedIssue: IssueDto | null;
  loadingSelectedIssue: boolean;
  issueUpdateError: string | null;
  /** The 409 message, shown with the fresh values. */
  issueConflict: string | null;
  /** Opens the dialog: the details and the comments load side by side. */
  selectIssue(issueId: string): Promise<void>;
  clearSelection(): void;
  updateIssue(issueId: string, changes: IssueFieldChanges): Promise<EditOutcome>;
  deleteIssue(issueId: string): Promise<void>;
}

export const createIssueSlice: BoardSliceCreator<IssueSlice> = (set, get) => {
  const isSelected = (issueId: string) => get().selectedIssueId === issueId;
  /** The issue list with `issue` in it, and the dialog showing it when it is the selected one. */
  const showIssue = (issue: IssueDto) => ({
    ...withIssues(get(), renumber(upsertIssue(get().issues, issue))),
    ...(isSelected(issue.id) ? { selectedIssue: issue } : {}),
  });

  return {
    ...noIssueSelected,

    async selectIssue(issueId) {
      set({ ...noSelection, selectedIssueId: issueId, loadingSelectedIssue: true, loadingComments: true });
      void get().fetchComments(issueId);
      try {
        const issue = await boardApi.fetchIssue(issueId);
        if (!isSelected(issueId)) return;
        if (issue.id !== issueId) {
          set({ ...noSelection, error: uiMessages.issueMismatch });
          return;
        }
        set({ selectedIssue: normaliseIssue(issue), loadingSelectedIssue: false });
      } catch (error) {
        if (noAnswer(error)) get().wentOffline();
        if (isSelected(issueId)) set({ ...noSelection, error: errorReason(error, uiMessages.fetchIssueFailed) });
      }
    },

    clearSelection() {
      set(noSelection);
    },

    async updateIssue(issueId, changes) {
      if (!issueId) {
        set({ issueUpdateError: uiMessages.updateNeedsIssue });
        return 'failed';
      }
      if (Object.keys(changes).length === 0) {
        set({ issueUpdateError: uiMessages.noChanges });
        return 'failed';
      }
      const state = get();
      const known =
        (state.selectedIssue?.id === issueId ? state.selectedIssue : null) ??
        state.issues.find((issue) => issue.id === issueId);
      const body: IssueUpdate = { ...changes };
      const columnChanged = changes.columnId !== undefined && changes.columnId !== known?.columnId;
      if (columnChanged) {
        const name = state.columnMeta.find((c) => c.id === changes.columnId)?.name;
        body.status = known ? statusInColumn(name, known.status) : statusForColumn(name);
      }
      if (known) body.version = known.version;
      set({ issueUpdateError: null, issueConflict: null });
      try {
        const updated = await boardApi.updateIssue(issueId, body);
        if (!updated.id) {
          set({ issueUpdateError: uiMessages.updateAnswerIncomplete });
          return 'failed';
        }
        const { boardVersion, rebalanced, ...issue } = updated;
        const fresh = normaliseIssue(issue);
        // A new column reorders two columns: the board's own list says where everything went.
        if (columnChanged) {
          if (isSelected(issueId)) set({ selectedIssue: fresh });
          // Into a column at its WIP limit: allowed, but said (issue 15).
          get().warnIfOverLimit(changes.columnId!, known?.columnId ?? null, 1);
          get().refreshBoard();
        } else if (typeof boardVersion === 'number') {
          if (isSelected(issueId)) set({ selectedIssue: fresh });
          get().applyOwnChange({ issues: [fresh, ...(rebalanced ?? [])], version: boardVersion });
        } else {
          set(showIssue(fresh));
        }
        return 'saved';
      } catch (error) {
        const latest = conflictIssue(error);
        if (latest)
          set({ issueConflict: errorReason(error, uiMessages.issueConflict), ...showIssue(normaliseIssue(latest)) });
        else
          set({
            issueUpdateError:
              fieldErrorOf(error, issueFieldRules)?.text ?? errorReason(error, uiMessages.updateIssueFailed),
          });
        // No answer: the board stays as it is (the edit never landed) until the connection is back.
        if (noAnswer(error)) get().wentOffline();
        else get().refreshBoard();
        return latest ? 'conflict' : 'failed';
      }
    },

    async deleteIssue(issueId) {
      if (isSelected(issueId)) set(noSelection);
      try {
        await boardApi.deleteIssue(issueId);
        set(withIssues(get(), renumber(get().issues.filter((issue) => issue.id !== issueId))));
      } catch (error) {
        // No answer: the issue stays, and the offline banner says why.
        if (noAnswer(error)) get().wentOffline();
        else set({ error: errorReason(error, uiMessages.deleteIssueFailed) });
      }
    },
  };
};
