import { NotFoundPage } from '@trackboard/web-kit';
import { Route, Routes } from 'react-router';
import { BoardScreen } from './board-screen';

/**
 * The one exposed root of mf_boards. The shell mounts it at `boards/*`, so these routes
 * are relative to that mount: `:boardId` is /boards/{boardId}.
 */
export default function BoardApp() {
  return (
    <div data-remote="mf_boards">
      <Routes>
        <Route path=":boardId" element={<BoardScreen />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
