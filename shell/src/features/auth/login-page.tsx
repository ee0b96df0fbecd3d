import { AuthScreen } from './auth-screen';

/** Sign In, /login (spec §2.2): the form lands with the auth issue. */
export default function LoginPage() {
  return <AuthScreen title="Sign In" />;
}
