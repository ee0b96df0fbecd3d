import { Link, useLocation } from 'react-router';
import { useSession } from '@trackboard/web-kit';
import type { VerificationLocationState } from '../../routing/login-state';
import { AuthScreen, authStyles as styles } from './auth-screen';
import { ResendVerification } from './resend-verification';

/**
 * "Email Verification Required" (spec §2.5), at /request-verification: where sign-in sends an
 * account whose e-mail is not verified yet, with that e-mail passed along.
 */
export default function RequestVerificationPage() {
  const passed = (useLocation().state as VerificationLocationState | null)?.email;
  const sessionEmail = useSession((state) => state.user?.email);
  const email = passed || sessionEmail;
  return (
    <AuthScreen title="Email Verification Required">
      <p className={styles.text}>
        A verification email has been sent to {email ? <strong>{email}</strong> : 'your email address'}. Please check
        your inbox (and your spam folder) and click the link in the email to verify your account.
      </p>
      <p className={styles.text}>
        Have a verification code? <Link to="/verify-email">Enter it manually</Link>.
      </p>
      <ResendVerification email={email} askForEmail={!email} />
      <div className={styles.links}>
        <Link to="/login?logout=true">Back to Login</Link>
      </div>
    </AuthScreen>
  );
}
