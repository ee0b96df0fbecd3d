// Undoing a delete: the browser offers Undo for UNDO_WINDOW_MS after an issue, a comment, a
// column or a label went; the board service keeps a deleted issue or comment restorable for
// PURGE_AFTER_MS, the window and a margin for an Undo pressed at its last moment (a slow
// network, a toast kept open while the pointer rests on it, replicas' clocks a little apart).

/** How long an Undo is offered after a change. */
export const UNDO_WINDOW_MS = 10_000;
/** How long after its delete a deleted issue or comment is purged: a restore answers 404 from then on. */
export const PURGE_AFTER_MS = UNDO_WINDOW_MS + 60_000;
