import { AuthScreen } from './auth-screen';

/** Create Account, /register (spec §2.3): the form lands with the auth issue. */
export default function RegisterPage() {
  return <AuthScreen title="Create Account" />;
}
