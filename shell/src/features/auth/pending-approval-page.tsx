import { Navigate, useNavigate } from 'react-router';
import { useAppConfig } from '@trackboard/web-kit';
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
  return (
    <AuthScreen title="Account Pending Approval">
      <p className={styles.text}>
        Your email address has been verified. Your account is now awaiting approval by an administrator.
      </p>
      <p className={styles.text}>
        You will be able to use the app once your account has been approved. If you have any questions, please contact
        support at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
      {/* Spec §2.4: this Logout only navigates to /login. */}
      <button type="button" className={styles.button} onClick={() => navigate('/login')}>
        Logout
      </button>
    </AuthScreen>
  );
}
