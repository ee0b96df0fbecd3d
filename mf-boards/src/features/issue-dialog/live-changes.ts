import { useEffect, useRef } from 'react';
import { useBoardStore, type EditField } from '../../shared/board-store';

/** Who changed `field` of the open issue while it was open (the board room said), if anyone. */
export const useChangedBy = (field: EditField): string | undefined =>
  useBoardStore((state) => state.fieldChangedBy[field]);

/**
 * The button that opened an editor gets the focus back when the editor closes with the focus
 * inside it (Escape, Save, Cancel): otherwise it falls to the page, and the next Escape would
 * close the whole dialog from nowhere.
 */
export function useFocusBack<T extends HTMLElement>(editing: boolean) {
  const opener = useRef<T | null>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (wasEditing.current && !editing && lost) opener.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return opener;
}
