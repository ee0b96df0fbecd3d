import { Navigate, useNavigate } from 'react-router';
import { useAppConfig } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { AuthScreen, authStyles as styles } from './auth-screen';
import { useApprovalWatch } from './use-approval-watch';

/**
 * Pending approval, /pending-approval: verified, waiting for an administrator.
 * Once the account is ACTIVE (found at app start or by the watch) it goes on into the app.
 */
export default function PendingApprovalPage() {
  const navigate = useNavigate();
  const supportEmail = useAppConfig((config) => config.supportEmail);
  const status = useApprovalWatch();
  if (status === 'ACTIVE') return <Navigate to="/dashboard" replace />;
  const [beforeSupport, afterSupport] = uiMessages.pendingApprovalSupport();
  return (
    <AuthScreen title={uiMessages.pendingApprovalHeading}>
      <p className={styles.text}>{uiMessages.pendingApprovalText}</p>
      <p className={styles.text}>
        {beforeSupport}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        {afterSupport}
      </p>
      {/* Spec §2.4: this Logout only navigates to /login. */}
      <button type="button" className={styles.button} onClick={() => navigate('/login')}>
        {uiMessages.logout}
      </button>
    </AuthScreen>
  );
}
