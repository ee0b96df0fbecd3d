import { commandForShortcut, UNDO_SHORTCUT } from '@trackboard/web-kit';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ShortcutAction } from '../features/shortcuts/shortcut-decision';
import { useShortcuts } from '../features/shortcuts/use-shortcuts';

// Loaded on first use: cmdk and Radix stay out of the first load of every page.
const CommandPalette = lazy(() => import('../features/command-palette/command-palette'));
const ShortcutsDialog = lazy(() => import('../features/shortcuts/shortcuts-dialog'));

export type KeyboardOverlay = 'palette' | 'shortcuts' | null;

/** The board's filter box (mf-boards marks it): `/` puts the focus there. */
const boardFilter = '[data-board-filter]';

/** Runs the command the shown screen registered for that shortcut; false when it registered none. */
function runShortcutCommand(shortcut: string): boolean {
  const command = commandForShortcut(shortcut);
  if (!command) return false;
  Promise.resolve()
    .then(command.run)
    .catch((error: unknown) => console.warn(`${command.label} failed`, error));
  return true;
}

/**
 * The signed-in app's keyboard: the shortcuts, the command palette and the
 * shortcuts dialog. What a shortcut does on a remote's screen (`c`) is a command that remote
 * registered in web-kit, so the shell never imports a remote.
 */
export function KeyboardLayer({
  overlay,
  onOverlayChange,
}: {
  overlay: KeyboardOverlay;
  onOverlayChange(overlay: KeyboardOverlay): void;
}) {
  const navigate = useNavigate();
  // Each overlay is mounted from its first opening on, so it can animate closed and give the focus back.
  const [used, setUsed] = useState<ReadonlySet<KeyboardOverlay>>(new Set());
  if (overlay && !used.has(overlay)) setUsed(new Set(used).add(overlay));

  // Radix gives the focus back to a Dialog.Trigger, and these open from keys: remember what
  // had the focus when one opened (before its focus trap moves it) and give it back on close.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    if (overlay && !wasOpen.current && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
    wasOpen.current = overlay !== null;
  }, [overlay]);
  const returnFocus = (event: Event) => {
    if (wasOpen.current) return; // one overlay replaced another: the new one has the focus
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
  };

  useShortcuts((action: ShortcutAction) => {
    switch (action) {
      case 'palette':
        onOverlayChange(overlay === 'palette' ? null : 'palette');
        return true;
      case 'show-shortcuts':
        onOverlayChange('shortcuts');
        return true;
      case 'go-dashboard':
        navigate('/dashboard');
        return true;
      case 'go-projects':
        navigate('/projects');
        return true;
      case 'focus-filter': {
        const filter = document.querySelector<HTMLElement>(boardFilter);
        if (!filter) return false;
        filter.focus();
        if (filter instanceof HTMLInputElement) filter.select();
        return true;
      }
      case 'create-issue':
        return runShortcutCommand('c');
      case 'undo':
        return runShortcutCommand(UNDO_SHORTCUT);
    }
  }, overlay !== null);

  const toggle = (which: Exclude<KeyboardOverlay, null>) => (open: boolean) => onOverlayChange(open ? which : null);
  return (
    <Suspense fallback={null}>
      {used.has('palette') ? (
        <CommandPalette open={overlay === 'palette'} onOpenChange={toggle('palette')} onCloseAutoFocus={returnFocus} />
      ) : null}
      {used.has('shortcuts') ? (
        <ShortcutsDialog
          open={overlay === 'shortcuts'}
          onOpenChange={toggle('shortcuts')}
          onCloseAutoFocus={returnFocus}
        />
      ) : null}
    </Suspense>
  );
}
