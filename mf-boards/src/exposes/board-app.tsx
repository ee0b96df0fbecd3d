import { NotFoundPage, Toaster, useCatalogue } from '@trackboard/web-kit';
import { Route, Routes } from 'react-router';
import { BoardSettingsRoute } from '../features/board-settings';
import { useUndoCommand } from '../features/board';
import { BoardScreen } from './board-screen';

/**
 * The one exposed root of mf_boards. The shell mounts it at `boards/*`, so these routes
 * are relative to that mount: `:boardId` is /boards/{boardId}, and an issue's deep link
 * (a deep link) is the same screen with that issue's dialog open. A board's settings (its labels
 * and columns, for the lead and admins) are `:boardId/settings`.
 */
export default function BoardApp() {
  // The board's and its settings' changes offer an Undo in a toast, and to Ctrl+Z.
  useUndoCommand();
  // Drawn once the board's words are here in the page's language: no English flash before German.
  const wordsHere = useCatalogue('boards');
  if (!wordsHere) return null;
  return (
    <div data-remote="mf_boards" data-remote-version={__REMOTE_BUILD_VERSION__}>
      <Routes>
        <Route path=":boardId" element={<BoardScreen />} />
        <Route path=":boardId/issues/:issueKey" element={<BoardScreen />} />
        <Route path=":boardId/settings" element={<BoardSettingsRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      <Toaster />
    </div>
  );
}
