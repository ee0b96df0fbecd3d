import type { HistoryField, IssueActivityDto } from '@trackboard/contracts';
import { boardText as t, uiMessages, wordsOf } from '../../ui-messages';

// How a history entry reads, after the actor's name: "changed the priority from
// Medium to High", "moved the issue from To Do to Done". `from`/`to` come as the server shows
// them (names, dates, label lists); type and priority come as codes and are named here. A field's
// name is as the sentence says it ("the due date"; in German with its article's case).

const fieldNames = wordsOf<HistoryField>({
  title: 'activityFieldTitle',
  description: 'activityFieldDescription',
  assignee: 'activityFieldAssignee',
  labels: 'activityFieldLabels',
  dueDate: 'activityFieldDueDate',
  estimate: 'activityFieldEstimate',
  priority: 'activityFieldPriority',
  type: 'activityFieldType',
  status: 'activityFieldStatus',
  attachments: 'activityFieldAttachments',
  cycle: 'activityFieldCycle',
  cover: 'activityFieldCover',
  parent: 'activityFieldParent',
  relations: 'activityFieldRelations',
});

const named: Partial<Record<HistoryField, Record<string, string>>> = {
  priority: uiMessages.priorityNames,
  type: uiMessages.typeNames,
};

const shown = (field: HistoryField | undefined, value: string | null | undefined) =>
  value ? ((field && named[field]?.[value]) ?? value) : '';

/** What `entry` says its actor did, in words. */
export function describeActivity(entry: IssueActivityDto): string {
  const from = shown(entry.field, entry.from);
  const to = shown(entry.field, entry.to);
  switch (entry.kind) {
    case 'created':
      return t('activityCreated');
    case 'commented':
      return t('activityCommented');
    // The task's words as the server quotes them (plain text, cut when long).
    case 'ticked':
      return t('activityTicked', { task: entry.to ?? '' });
    case 'unticked':
      return t('activityUnticked', { task: entry.to ?? '' });
    case 'moved':
      if (from && to) return t('activityMovedFromTo', { from, to });
      return to ? t('activityMovedTo', { to }) : t('activityMoved');
    default: {
      if (entry.field === 'attachments')
        return to ? t('activityAttached', { name: to }) : t('activityRemovedAttachment', { name: from });
      if (entry.field === 'relations')
        return to ? t('activityLinked', { link: to }) : t('activityUnlinked', { link: from });
      const field = entry.field ? fieldNames[entry.field] : t('activityFieldIssue');
      if (entry.field === 'description' || (!from && !to)) return t('activityChanged', { field });
      if (!from) return t('activitySet', { field, to });
      if (!to) return t('activityCleared', { field, from });
      return t('activityChangedFromTo', { field, from, to });
    }
  }
}
