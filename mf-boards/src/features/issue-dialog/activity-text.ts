import type { HistoryField, IssueActivityDto } from '@trackboard/contracts';
import { priorityNames, typeNames } from '@trackboard/web-kit/issue-names';

// How a history entry reads, after the actor's name: "changed the priority from
// Medium to High", "moved the issue from To Do to Done". `from`/`to` come as the server shows
// them (names, dates, label lists); type and priority come as codes and are named here.

const fieldNames: Record<HistoryField, string> = {
  title: 'title',
  description: 'description',
  assignee: 'assignee',
  labels: 'labels',
  dueDate: 'due date',
  estimate: 'estimate',
  priority: 'priority',
  type: 'type',
  status: 'status',
  attachments: 'attachments',
  cycle: 'cycle',
  cover: 'cover',
  parent: 'parent',
  relations: 'links',
};

const named: Partial<Record<HistoryField, Record<string, string>>> = { priority: priorityNames, type: typeNames };

const shown = (field: HistoryField | undefined, value: string | null | undefined) =>
  value ? ((field && named[field]?.[value]) ?? value) : '';

export function describeActivity(entry: IssueActivityDto): string {
  const from = shown(entry.field, entry.from);
  const to = shown(entry.field, entry.to);
  switch (entry.kind) {
    case 'created':
      return 'created the issue';
    case 'commented':
      return 'commented';
    // The task's words as the server quotes them (plain text, cut when long).
    case 'ticked':
      return `ticked “${entry.to ?? ''}”`;
    case 'unticked':
      return `unticked “${entry.to ?? ''}”`;
    case 'moved':
      if (from && to) return `moved the issue from ${from} to ${to}`;
      return to ? `moved the issue to ${to}` : 'moved the issue';
    default: {
      if (entry.field === 'attachments') return to ? `attached ${to}` : `removed the attachment ${from}`;
      if (entry.field === 'relations') return to ? `linked: ${to}` : `removed the link: ${from}`;
      const field = entry.field ? fieldNames[entry.field] : 'issue';
      if (entry.field === 'description' || (!from && !to)) return `changed the ${field}`;
      if (!from) return `set the ${field} to ${to}`;
      if (!to) return `cleared the ${field} (was ${from})`;
      return `changed the ${field} from ${from} to ${to}`;
    }
  }
}
