import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage, Spinner } from '@trackboard/web-kit';
import { NotAuthorizedPage } from '../features/errors/not-authorized-page';
import { RecentIssuesTracker } from '../features/search/recent-issues';
import { RemoteRoute } from '../federation/remote-route';
import { AppLayout } from '../layout/app-layout';
import { RouteDocumentTitle } from '../layout/route-document-title';
import { SessionRuntime } from '../session/session-runtime';
import { RequireAdmin, RequireSession } from './guards';

// Screens load on first visit, keeping the shell's first load to the router and the layout.
const LoginPage = lazy(() => import('../features/auth/login-page'));
const RegisterPage = lazy(() => import('../features/auth/register-page'));
const VerifyEmailPage = lazy(() => import('../features/auth/verify-email-page'));
const RequestVerificationPage = lazy(() => import('../features/auth/request-verification-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const PendingApprovalPage = lazy(() => import('../features/auth/pending-approval-page'));
const InvitationPage = lazy(() => import('../features/invitations/invitation-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const SearchPage = lazy(() => import('../features/search/search-page'));
const MyIssuesPage = lazy(() => import('../features/my-issues/my-issues-page'));
const IssueKeyRedirect = lazy(() => import('./issue-key-redirect'));

/**
 * The route map, the only router of the app, with its guards (guard-decision.ts). A
 * remote is mounted at a splat (`boards/*`) and draws its own routes below it (an issue's deep
 * link, /boards/{id}/issues/{key}, included); mf_projects owns two trees, so it is mounted twice.
 */
export function AppRoutes() {
  return (
    <>
      <SessionRuntime />
      {/* Beside the routes, not in the layout: the public pages are titled too. */}
      <RouteDocumentTitle />
      {/* Every issue opened, whichever remote draws it, for search to favour. */}
      <RecentIssuesTracker />
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="verify-email" element={<VerifyEmailPage />} />
          <Route path="request-verification" element={<RequestVerificationPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="not-authorized" element={<NotAuthorizedPage />} />
          {/* A mailed invitation's link: opened signed out (a new person) as often as signed in. */}
          <Route path="invitations/:token" element={<InvitationPage />} />

          <Route element={<RequireSession />}>
            <Route path="pending-approval" element={<PendingApprovalPage />} />
            <Route element={<AppLayout />}>
              <Route index element={<Navigate to="/dashboard" replace />} />
              <Route path="dashboard" element={<DashboardPage />} />
              <Route path="projects/*" element={<RemoteRoute remote="mf_projects" />} />
              <Route path="board/*" element={<RemoteRoute remote="mf_projects" />} />
              <Route path="boards/*" element={<RemoteRoute remote="mf_boards" />} />
              <Route path="issues/:key" element={<IssueKeyRedirect />} />
              <Route path="profile" element={<ProfilePage />} />
              <Route path="search" element={<SearchPage />} />
              <Route path="my-issues" element={<MyIssuesPage />} />
              <Route element={<RequireAdmin />}>
                <Route path="admin/*" element={<RemoteRoute remote="mf_admin" />} />
              </Route>
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </>
  );
}
