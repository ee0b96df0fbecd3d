import { UNDO_WINDOW_MS } from '@trackboard/contracts';
import { dismissToast, errorReason, showToast } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';

/**
 * What this tab can undo: each change that offers an Undo (undoable-changes.ts) shows a toast
 * with it for UNDO_WINDOW_MS, and is undoable exactly while that toast shows — by its button, or
 * by Ctrl+Z (use-undo-command.ts), which takes the latest. Once undone, dismissed or timed out,
 * it is gone; an undo offers no undo of its own.
 */
export interface UndoOffer {
  id: number;
  /** What the toast says happened, e.g. "Issue WEB-12 deleted." */
  text: string;
}
type Entry = UndoOffer & { toastId: number; undo(): Promise<void> };

const offers: Entry[] = [];
const listeners = new Set<() => void>();
let latest: UndoOffer | null = null;
let seq = 0;

function changed(): void {
  const last = offers.at(-1);
  latest = last ? { id: last.id, text: last.text } : null;
  for (const listener of listeners) listener();
}

function forget(entry: Entry): void {
  const at = offers.indexOf(entry);
  if (at < 0) return;
  offers.splice(at, 1);
  changed();
}

/** Undoes it now; a refusal (gone for good: purged, deleted by someone else) is said in a toast of its own. */
async function run(entry: Entry): Promise<void> {
  forget(entry);
  dismissToast(entry.toastId);
  try {
    await entry.undo();
  } catch (error) {
    showToast({ text: uiMessages.undoFailed(errorReason(error, uiMessages.undoFailedReason)), tone: 'error' });
  }
}

/** A change that just went through: its toast, with Undo running `undo`. */
export function offerUndo(text: string, undo: () => Promise<void>): void {
  const entry: Entry = { id: ++seq, text, undo, toastId: 0 };
  offers.push(entry);
  changed();
  entry.toastId = showToast({
    text,
    durationMs: UNDO_WINDOW_MS,
    action: { label: uiMessages.undo, run: () => void run(entry) },
    onClose: (reason) => {
      if (reason !== 'action') forget(entry);
    },
  });
}

/** Undoes the latest change still offered; false when there is none. */
export function undoLatest(): boolean {
  const entry = offers.at(-1);
  if (!entry) return false;
  void run(entry);
  return true;
}

/** Every offer goes with its toast (the board they were made on is left). */
export function withdrawUndoOffers(): void {
  for (const entry of [...offers]) dismissToast(entry.toastId);
}

/** The latest offer, or null: for useSyncExternalStore. */
export const latestUndoOffer = (): UndoOffer | null => latest;

export function subscribeUndoOffers(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
