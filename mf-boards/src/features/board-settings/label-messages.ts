import type { LabelColor } from '@trackboard/contracts';
import { entryMessages } from './entry-messages';

const issues = (n: number) => `${n} ${n === 1 ? 'issue' : 'issues'}`;

/** The palette's colours as words: a swatch's name, for a screen reader and for anyone who does not tell hues apart. */
export const colorNames: Record<LabelColor, string> = {
  red: 'Red',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  teal: 'Teal',
  blue: 'Blue',
  purple: 'Purple',
  pink: 'Pink',
  brown: 'Brown',
  gray: 'Gray',
};

// What the board settings screen says, where the lead or an admin renames, recolours and deletes
// labels and arranges columns. The server's refusals come from its catalogue (contracts' messages)
// and are shown as it words them.
export const labelMessages = {
  settingsTitle: entryMessages.settings,
  settingsCrumb: 'Settings',
  documentTitle: (board: string) => `Settings · ${board}`,
  loading: entryMessages.loading,
  backToBoard: 'Back to the board',
  // The 403 page's title and text, and why
  notAuthorizedTitle: '403 - Not Authorized',
  notAuthorizedText: 'You do not have the necessary permissions to access this page.',
  notAuthorizedWhy: 'Only the project lead or an administrator can change a board’s labels and columns.',
  labelsHeading: 'Labels',
  labelsHint:
    'Anyone on the board creates labels from an issue’s Labels field. Here you rename, recolour or delete them.',
  noLabels: 'No labels yet. Create one from an issue’s Labels field.',
  issueCount: (n: number) => issues(n),
  rename: 'Rename',
  renameLabel: (name: string) => `Rename label ${name}`,
  renameForm: (name: string) => `Rename ${name}`,
  nameField: 'Label name',
  nameRequired: 'Label name is required.',
  recolour: 'Colour',
  recolourLabel: (name: string) => `Colour of label ${name}`,
  colourGroup: (name: string) => `Colour of ${name}`,
  deleteLabel: (name: string) => `Delete label ${name}`,
  deleteForm: (name: string) => `Delete ${name}`,
  confirmDelete: (name: string, n: number | undefined) =>
    n === undefined
      ? `Delete the label "${name}"?`
      : n === 0
        ? `Delete the label "${name}"? No issue carries it.`
        : `Delete the label "${name}"? ${issues(n)} ${n === 1 ? 'carries' : 'carry'} it and will lose it.`,
  delete: 'Delete',
  save: 'Save',
  cancel: 'Cancel',
  columnsHeading: 'Columns',
  columnsHint: 'Each column’s ⋯ menu renames it, sets its WIP limit, moves it or deletes it, as on the board.',

  // The polite live region
  renamed: (from: string, to: string) => `Renamed the label ${from} to ${to}.`,
  recoloured: (name: string, color: LabelColor) => `The label ${name} is now ${colorNames[color].toLowerCase()}.`,
  deleted: (name: string) => `Deleted the label ${name}.`,

  // When a call fails and the server says nothing
  updateFailed: 'Failed to update label',
  deleteFailed: 'Failed to delete label',
} as const;
