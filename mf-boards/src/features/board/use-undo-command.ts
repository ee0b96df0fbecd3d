import { registerCommands, UNDO_SHORTCUT } from '@trackboard/web-kit';
import { useEffect, useSyncExternalStore } from 'react';
import { uiMessages } from '../../ui-messages';
import { useBoardStore } from '../../shared/board-store';
import {
  latestUndoOffer,
  subscribeUndoOffers,
  undoLatest,
  withdrawUndoOffers,
} from '../../shared/board-store/undo-offers';

/**
 * While a change can be undone, the palette offers "Undo: …" and Ctrl+Z runs it (the shell's
 * shortcut dispatcher finds it by its shortcut, so the shell never imports mf-boards). Offers
 * belong to the board they were made on: they go when the board does, or when this is unmounted.
 */
export function useUndoCommand(): void {
  const latest = useSyncExternalStore(subscribeUndoOffers, latestUndoOffer, latestUndoOffer);
  useEffect(() => {
    if (!latest) return;
    return registerCommands('mf-boards-undo', [
      {
        id: 'board.undo',
        label: uiMessages.undoCommand(latest.text),
        group: uiMessages.commandGroup,
        keywords: ['undo'],
        shortcut: UNDO_SHORTCUT,
        run: () => void undoLatest(),
      },
    ]);
  }, [latest]);

  useEffect(() => {
    const unsubscribe = useBoardStore.subscribe((state, previous) => {
      if (state.board?.id !== previous.board?.id) withdrawUndoOffers();
    });
    return () => {
      unsubscribe();
      withdrawUndoOffers();
    };
  }, []);
}
