import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@trackboard/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ApiError,
  fieldErrorOf,
  fieldRule,
  fieldTexts,
  inReadersLanguage,
  lengthError,
  MessageBox,
  serverMessage,
  useSession,
  type FieldRules,
} from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { AuthScreen, authStyles as styles } from './auth-screen';
import { authApi } from './auth-api';
import { TextField } from './text-field';

/** The field as the server names it in a 400 ("password: is too easy to guess…"), with its limits. */
const rules = {
  password: fieldRule(() => uiMessages.newPasswordField, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
} satisfies FieldRules;

type Outcome =
  | { phase: 'choosing' }
  | { phase: 'saving' }
  | { phase: 'done'; message: string }
  /** The link itself was refused (unknown, used, expired): only a new one helps. */
  | { phase: 'dead-link'; message: string }
  | { phase: 'failed'; message: string };

/**
 * Reset password, /reset-password?token=…: the mailed link lands here. The token is
 * spent only when the new password is sent, so a mail scanner opening the link spends nothing.
 */
export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const signOut = useSession((state) => state.signOut);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [confirmError, setConfirmError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { phase: 'choosing' } : { phase: 'dead-link', message: uiMessages.passwordResetInvalid },
  );
  // Over the limit as it is typed; under the minimum only once submitted (as on /register).
  const tooLong =
    password.length > PASSWORD_MAX_LENGTH ? lengthError(password, rules.password, { trim: false }) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const weak = password
      ? lengthError(password, rules.password, { trim: false })
      : fieldTexts.required(rules.password.label);
    const mismatch = password !== confirmPassword ? uiMessages.passwordsDoNotMatch : undefined;
    setPasswordError(weak);
    setConfirmError(weak ? undefined : mismatch);
    if (weak || mismatch) return;
    setOutcome({ phase: 'saving' });
    try {
      const { message } = await authApi.confirmPasswordReset({ token, password });
      // Every session of the account ended on the server, this browser's included.
      signOut();
      setOutcome({ phase: 'done', message: inReadersLanguage(message) });
    } catch (error) {
      const atField = fieldErrorOf(error, rules);
      if (atField) {
        setPasswordError(atField.text);
        setOutcome({ phase: 'choosing' });
      } else {
        const message = serverMessage(error);
        setOutcome(
          message && error instanceof ApiError && error.status === 400
            ? { phase: 'dead-link', message }
            : { phase: 'failed', message: message ?? uiMessages.passwordResetFailed },
        );
      }
    }
  };

  if (outcome.phase === 'done' || outcome.phase === 'dead-link') {
    const done = outcome.phase === 'done';
    return (
      <AuthScreen title={uiMessages.resetPasswordHeading}>
        <MessageBox tone={done ? 'success' : 'error'}>{outcome.message}</MessageBox>
        <div className={styles.links}>
          {done ? (
            <Link to="/login">{uiMessages.signIn}</Link>
          ) : (
            <Link to="/forgot-password">{uiMessages.requestNewLink}</Link>
          )}
        </div>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title={uiMessages.resetPasswordHeading}>
      {outcome.phase === 'failed' && <MessageBox tone="error">{outcome.message}</MessageBox>}
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={uiMessages.newPasswordLabel}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          error={tooLong ?? passwordError}
          hint={fieldTexts.atLeast(PASSWORD_MIN_LENGTH)}
          onChange={(value) => {
            setPassword(value);
            setPasswordError(undefined);
          }}
        />
        <TextField
          label={uiMessages.confirmNewPasswordLabel}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          error={confirmError}
          onChange={(value) => {
            setConfirmPassword(value);
            setConfirmError(undefined);
          }}
        />
        <button type="submit" className={styles.button} disabled={outcome.phase === 'saving'}>
          {outcome.phase === 'saving' ? uiMessages.saving : uiMessages.setNewPassword}
        </button>
      </form>
      <div className={styles.links}>
        <Link to="/login">{uiMessages.backToSignIn}</Link>
      </div>
    </AuthScreen>
  );
}
