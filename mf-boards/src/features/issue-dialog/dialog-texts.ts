/** What the issue dialog's newer fields say (the dialog's own chunk's words, not the eager ui-messages). */
export const dialogTexts = {
  cycle: 'Cycle',
};
