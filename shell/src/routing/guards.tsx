import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner, useSession } from '@trackboard/web-kit';
import { uiMessages } from '../ui-messages';
import { decideRoute } from './guard-decision';

/** Protected routes: see `decideRoute`; a spinner while the session is being checked. */
export function RequireSession({ adminOnly = false }: { adminOnly?: boolean }) {
  const location = useLocation();
  const token = useSession((state) => state.token);
  const user = useSession((state) => state.user);
  const checked = useSession((state) => state.checked);
  const decision = decideRoute({ session: { token, user, checked }, location, adminOnly });
  switch (decision.action) {
    case 'wait':
      return <Spinner label={uiMessages.checkingSession} />;
    case 'redirect':
      return <Navigate to={decision.to} state={decision.state} replace />;
    case 'pass':
      return <Outlet />;
  }
}

/** Admin routes: role admin or the isAdmin flag, else /not-authorized. */
export function RequireAdmin() {
  return <RequireSession adminOnly />;
}
