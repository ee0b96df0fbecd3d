import { Link, useLocation } from 'react-router';
import { useSession } from '@trackboard/web-kit';
import type { VerificationLocationState } from '../../routing/login-state';
import { uiMessages } from '../../ui-messages';
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
  const [beforeEmail, afterEmail] = uiMessages.verificationSentTo();
  const [beforeCode, afterCode] = uiMessages.haveVerificationCode();
  return (
    <AuthScreen title={uiMessages.verificationRequiredHeading}>
      <p className={styles.text}>
        {beforeEmail}
        {email ? <strong>{email}</strong> : uiMessages.yourEmailAddress}
        {afterEmail}
      </p>
      <p className={styles.text}>
        {beforeCode}
        <Link to="/verify-email">{uiMessages.enterCodeManually}</Link>
        {afterCode}
      </p>
      <ResendVerification email={email} askForEmail={!email} />
      <div className={styles.links}>
        <Link to="/login?logout=true">{uiMessages.backToLogin}</Link>
      </div>
    </AuthScreen>
  );
}
