import { useEffect, useRef } from 'react';
import { decideShortcut, type ShortcutAction } from './shortcut-decision';
import { dialogShowing, focusTakesKeys } from './key-targets';

/**
 * Listens for the app's shortcuts on the document while mounted and calls `run` with each
 * action (`ownDialogOpen`: the caller's palette or shortcuts dialog is showing); `run` answers whether it did something, and only then is the key's default (typing
 * the character into a field that just got the focus, the browser's Ctrl+K) prevented.
 */
export function useShortcuts(run: (action: ShortcutAction) => boolean, ownDialogOpen: boolean): void {
  const latest = useRef({ run, ownDialogOpen });
  useEffect(() => {
    latest.current = { run, ownDialogOpen };
  });

  useEffect(() => {
    let gPressedAt: number | null = null;
    // Bubble phase: a control that handled the key itself (and prevented it) has the last word.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      const decision = decideShortcut(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          shiftKey: event.shiftKey,
          at: Date.now(),
        },
        { focusTakesKeys: focusTakesKeys(event.target), dialog: dialogShowing(latest.current.ownDialogOpen) },
        gPressedAt,
      );
      gPressedAt = decision.gPressedAt;
      if (decision.action && latest.current.run(decision.action)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
