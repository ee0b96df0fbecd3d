import { NotFoundPage } from '@trackboard/web-kit';
import { Route, Routes } from 'react-router';
import { BoardScreen } from './board-screen';

/**
 * The one exposed root of mf_boards. The shell mounts it at `boards/*`, so these routes
 * are relative to that mount: `:boardId` is /boards/{boardId}, and an issue's deep link
 * (issue 12) is the same screen with that issue's dialog open.
 */
export default function BoardApp() {
  return (
    <div data-remote="mf_boards" data-remote-version={__REMOTE_BUILD_VERSION__}>
      <Routes>
        <Route path=":boardId" element={<BoardScreen />} />
        <Route path=":boardId/issues/:issueKey" element={<BoardScreen />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
