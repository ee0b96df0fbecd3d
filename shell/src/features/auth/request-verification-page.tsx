import { AuthScreen } from './auth-screen';

/** /request-verification (spec §2.1, §2.2): asks for a new verification e-mail; lands with the auth issue. */
export default function RequestVerificationPage() {
  return <AuthScreen title="Resend Verification Email" />;
}
