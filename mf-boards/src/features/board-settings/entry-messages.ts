import { boardText as t } from '../../ui-messages';

// The words the board itself carries for its settings (the header's link, and the line shown
// while the screen's chunk loads): apart from label-messages, which only the lazy chunks load.
export const entryMessages = {
  get settings() {
    return t('boardSettings');
  },
  get loading() {
    return t('loadingBoardSettings');
  },
};
