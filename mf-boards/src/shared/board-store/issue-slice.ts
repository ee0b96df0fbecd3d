import { statusForColumn, statusInColumn, type IssueDto } from '@trackboard/contracts';
import { errorReason, fieldErrorOf, showToast } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { boardApi, conflictIssue, type IssueUpdate } from './api';
import { issueFieldRules } from './issue-field-rules';
import { renumber, upsertIssue } from './board-model';
import { changedEditFields, editStartOf } from './edit-start';
import { noIssueSelected, noSelection, withIssues } from './issue-list';
import { noAnswer } from './network';
import type { BoardSliceCreator, IssueSlice } from './types';

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
        set({ selectedIssue: issue, loadingSelectedIssue: false });
      } catch (error) {
        if (noAnswer(error)) {
          // No answer: the dialog waits (loading); the catch-up once the connection is back fetches it.
          get().wentOffline();
          return;
        }
        if (isSelected(issueId)) set({ ...noSelection, error: errorReason(error, uiMessages.fetchIssueFailed) });
      }
    },

    clearSelection() {
      set(noSelection);
    },

    async updateIssue(issueId, changes, startedFrom) {
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
      // The version and values the edit began from, not the newest copy: an edit that never saw a
      // change to its field must not overwrite it unseen.
      const start = startedFrom ?? (known && editStartOf(known, changes));
      if (start) Object.assign(body, start);
      set({ issueUpdateError: null, issueConflict: null });
      try {
        const updated = await boardApi.updateIssue(issueId, body);
        if (!updated.id) {
          set({ issueUpdateError: uiMessages.updateAnswerIncomplete });
          return 'failed';
        }
        const { boardVersion, rebalanced, ...fresh } = updated;
        // A new column reorders two columns: the board's own list says where everything went.
        if (columnChanged) {
          if (isSelected(issueId)) set({ selectedIssue: fresh });
          // Into a column at its WIP limit: allowed, but said.
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
        if (latest) set({ issueConflict: errorReason(error, uiMessages.issueConflict), ...showIssue(latest) });
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

    async tickTask(issueId, { index, text, checked }, shown) {
      const state = get();
      const known =
        (state.selectedIssue?.id === issueId ? state.selectedIssue : null) ??
        state.issues.find((issue) => issue.id === issueId);
      set({ issueUpdateError: null, issueConflict: null, ...(shown && showIssue(shown)) });
      try {
        const { boardVersion, rebalanced, ...fresh } = await boardApi.tickTask(issueId, index, { checked, text });
        // An answer overtaken by a newer copy (another tick of this page's, answered first) shows nothing older.
        const selected = get().selectedIssue;
        if (isSelected(issueId) && (!selected || fresh.version >= selected.version)) set({ selectedIssue: fresh });
        get().applyOwnChange({ issues: [fresh, ...(rebalanced ?? [])], version: boardVersion ?? get().version });
      } catch (error) {
        // The task moved or changed since it was drawn: the issue as it is now, and why.
        const latest = conflictIssue(error);
        if (latest) {
          set({ issueConflict: errorReason(error, uiMessages.issueConflict), ...showIssue(latest) });
          return;
        }
        // Undone on screen, unless something newer has replaced the tick shown meanwhile.
        const now =
          get().selectedIssue?.id === issueId ? get().selectedIssue : get().issues.find((i) => i.id === issueId);
        if (shown && known && now?.version === shown.version && now.description === shown.description)
          set(showIssue(known));
        showToast({ text: errorReason(error, uiMessages.tickTaskFailed), tone: 'error' });
        if (noAnswer(error)) get().wentOffline();
        else get().refreshBoard();
      }
    },

    noteOthersChange(event) {
      const { selectedIssue, fieldChangedBy } = get();
      const incoming = (event.issues as IssueDto[]).find((issue) => issue.id === selectedIssue?.id);
      if (!selectedIssue || !incoming || !event.actor || incoming.version <= selectedIssue.version) return;
      const fields = changedEditFields(selectedIssue, incoming);
      if (fields.length === 0) return;
      const name = event.actor.name;
      set({ fieldChangedBy: { ...fieldChangedBy, ...Object.fromEntries(fields.map((field) => [field, name])) } });
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
