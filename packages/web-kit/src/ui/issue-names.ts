import type { IssueDto } from '@trackboard/contracts';
// Through the package, not a path: this entry is bundled into each app that imports it, and
// only the package's shared copy knows the page's language.
import { kitText } from '@trackboard/web-kit';

// How an issue's status, type and priority read wherever the app shows one: the board's cards and
// dialog, and the shell's lists (dashboard, My Issues, search, the palette). Each name is read
// when asked for, in the page's language.

// A status reads as the column it comes from; an unknown one is spelled out.
const columnNames: Record<string, () => string> = {
  TODO: () => kitText('statusTodo'),
  IN_PROGRESS: () => kitText('statusInProgress'),
  DONE: () => kitText('statusDone'),
  BACKLOG: () => kitText('statusBacklog'),
  CLOSED: () => kitText('statusClosed'),
};
export const statusLabel = (status: string) =>
  (Object.hasOwn(columnNames, status) ? columnNames[status]!() : undefined) ??
  status
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0) + word.slice(1).toLowerCase())
    .join(' ');

export const typeNames: Record<IssueDto['type'], string> = {
  get TASK() {
    return kitText('typeTask');
  },
  get BUG() {
    return kitText('typeBug');
  },
  get STORY() {
    return kitText('typeStory');
  },
  get EPIC() {
    return kitText('typeEpic');
  },
};

export const priorityNames: Record<IssueDto['priority'], string> = {
  get LOW() {
    return kitText('priorityLow');
  },
  get MEDIUM() {
    return kitText('priorityMedium');
  },
  get HIGH() {
    return kitText('priorityHigh');
  },
  get CRITICAL() {
    return kitText('priorityCritical');
  },
};
