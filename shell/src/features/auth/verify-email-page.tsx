import { AuthScreen } from './auth-screen';

/** Verify e-mail, /verify-email (spec §2.6, §4.3): the states land with the auth issue. */
export default function VerifyEmailPage() {
  return <AuthScreen title="Verify Email" />;
}
