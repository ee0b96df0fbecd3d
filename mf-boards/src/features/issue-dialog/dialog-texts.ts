import { uiMessages } from '../../ui-messages';

/** What the issue dialog's newer fields say. */
export const dialogTexts = {
  get cycle() {
    return uiMessages.fields.cycle;
  },
};
