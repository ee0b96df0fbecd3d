import { useState } from 'react';
import { useLocation } from 'react-router';
import { useBoardStore, useProjectArchived } from '../../shared/board-store';
import { lazyPart } from '../../shared/lazy-part';
import { uiMessages } from '../../ui-messages';
import type { SaveViewDialogProps } from './save-view-dialog';
import styles from './save-view-button.module.css';

// The dialog that names a view is a chunk of its own, loaded when the button is pressed.
const dialog = lazyPart<SaveViewDialogProps>({
  load: async () => (await import(/* webpackChunkName: "save-view" */ './save-view-dialog')).SaveViewDialog,
  loading: () => null,
  failed: () => null,
});

/** "Save view": the board's address (filters, view, sort, grouping) under a name. */
export function SaveViewButton({ boardId }: { boardId: string }) {
  const [open, setOpen] = useState(false);
  const { search } = useLocation();
  const projectKey = useBoardStore((s) => s.board?.projectKey);
  const archived = useProjectArchived();
  if (!projectKey || archived) return null;
  return (
    <>
      <button type="button" className={styles.button} onClick={() => setOpen(true)}>
        {uiMessages.saveView}
      </button>
      {open ? (
        <dialog.Part boardId={boardId} projectKey={projectKey} query={search} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
