import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage, useCatalogue } from '@trackboard/web-kit';
import { ModerationLogPage } from '../features/moderation-log/moderation-log-page';
import { ReleasesPage } from '../features/releases/releases-page';
import { UserApprovalPage } from '../features/user-approval/user-approval-page';
import { UsersPage } from '../features/users/users-page';

/**
 * The one exposed root of mf_admin. The shell mounts it at `admin/*` (index
 * redirects to user-approval, any other admin path is the 404 page), with Users, the
 * moderation log and the remotes' releases beside it.
 */
export default function AdminApp() {
  // Nothing until this app's words are here in the page's language: no English flash on a German page.
  const wordsHere = useCatalogue('admin');
  if (!wordsHere) return null;
  return (
    <div data-remote="mf_admin" data-remote-version={__REMOTE_BUILD_VERSION__}>
      <Routes>
        <Route index element={<Navigate to="user-approval" replace />} />
        <Route path="user-approval" element={<UserApprovalPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="moderation-log" element={<ModerationLogPage />} />
        <Route path="releases" element={<ReleasesPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
