import type { LabelColor } from '@trackboard/contracts';
import { boardText as t, uiMessages, wordsOf } from '../../ui-messages';
import { entryMessages } from './entry-messages';

/** The palette's colours as words: a swatch's name, for a screen reader and for anyone who does not tell hues apart. */
export const colorNames: Record<LabelColor, string> = wordsOf<LabelColor>({
  red: 'colorRed',
  orange: 'colorOrange',
  yellow: 'colorYellow',
  green: 'colorGreen',
  teal: 'colorTeal',
  blue: 'colorBlue',
  purple: 'colorPurple',
  pink: 'colorPink',
  brown: 'colorBrown',
  gray: 'colorGray',
});

// What the board settings screen says, where the lead or an admin renames, recolours and deletes
// labels and arranges columns. The server's refusals come from its catalogue (contracts' messages)
// and are shown as it words them.
export const labelMessages = {
  get settingsTitle() {
    return entryMessages.settings;
  },
  get settingsCrumb() {
    return t('settingsCrumb');
  },
  documentTitle: (board: string) => t('settingsDocumentTitle', { board }),
  get loading() {
    return entryMessages.loading;
  },
  get backToBoard() {
    return t('backToBoard');
  },
  // The 403 page's title and text, and why
  get notAuthorizedTitle() {
    return t('notAuthorizedTitle');
  },
  get notAuthorizedText() {
    return t('notAuthorizedText');
  },
  get notAuthorizedWhy() {
    return t('notAuthorizedWhy');
  },
  get labelsHeading() {
    return t('fieldLabels');
  },
  get labelsHint() {
    return t('labelsHint');
  },
  get noLabels() {
    return t('labelsEmpty');
  },
  issueCount: (n: number) => uiMessages.issueCount(n),
  get rename() {
    return t('rename');
  },
  renameLabel: (name: string) => t('renameLabel', { name }),
  renameForm: (name: string) => t('renameForm', { name }),
  get nameField() {
    return t('labelNameField');
  },
  get nameRequired() {
    return t('labelNameRequired');
  },
  get recolour() {
    return t('recolour');
  },
  recolourLabel: (name: string) => t('recolourLabel', { name }),
  colourGroup: (name: string) => t('colourGroup', { name }),
  deleteLabel: (name: string) => t('deleteLabel', { name }),
  deleteForm: (name: string) => t('deleteForm', { name }),
  confirmDelete: (name: string, n: number | undefined) =>
    n === undefined
      ? t('confirmDeleteLabel', { name })
      : n === 0
        ? t('confirmDeleteUnusedLabel', { name })
        : t.plural('confirmDeleteUsedLabel', n, { name }),
  get delete() {
    return t('delete');
  },
  get save() {
    return t('save');
  },
  get cancel() {
    return t('cancel');
  },
  get columnsHeading() {
    return t('columnsHeading');
  },
  get columnsHint() {
    return t('columnsHint');
  },

  // The polite live region
  renamed: (from: string, to: string) => t('labelRenamed', { from, to }),
  recoloured: (name: string, color: LabelColor) =>
    t('labelRecoloured', { name, color: colorNames[color].toLowerCase() }),
  deleted: (name: string) => t('labelDeletedNotice', { name }),

  // When a call fails and the server says nothing
  get updateFailed() {
    return t('updateLabelFailed');
  },
  get deleteFailed() {
    return t('deleteLabelFailed');
  },
};
