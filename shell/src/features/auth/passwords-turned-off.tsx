import { Link } from 'react-router';
import { MessageBox } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { AuthScreen, authStyles as styles } from './auth-screen';

/** A password screen (registration, reset) where the server has turned passwords off: the way back to single sign-on. */
export function PasswordsTurnedOff({ title }: { title: string }) {
  return (
    <AuthScreen title={title}>
      <MessageBox tone="notice">{uiMessages.passwordsTurnedOff}</MessageBox>
      <div className={styles.links}>
        <Link to="/login">{uiMessages.backToSignIn}</Link>
      </div>
    </AuthScreen>
  );
}
