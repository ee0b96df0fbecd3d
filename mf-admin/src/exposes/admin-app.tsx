import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '@trackboard/web-kit';
import { UserApprovalPage } from '../features/user-approval/user-approval-page';

/**
 * The one exposed root of mf_admin. The shell mounts it at `admin/*` (spec §2.1: index
 * redirects to user-approval, any other admin path is the 404 page).
 */
export default function AdminApp() {
  return (
    <div data-remote="mf_admin">
      <Routes>
        <Route index element={<Navigate to="user-approval" replace />} />
        <Route path="user-approval" element={<UserApprovalPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
