// What the board page uses of presence (who else is on the board): loaded on first use. The
// issue dialog, a chunk of its own already, takes IssuePresence from './presence-avatars', and
// its editors usePresenceEditing from './use-presence': through this file they would join the
// board's first load.
export { BoardPresence } from './lazy-board-presence';
