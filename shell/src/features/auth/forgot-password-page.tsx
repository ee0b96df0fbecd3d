import { EMAIL_MAX_LENGTH, emailPattern } from '@trackboard/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  fieldErrorOf,
  fieldRule,
  inReadersLanguage,
  lengthError,
  MessageBox,
  serverMessage,
  type FieldRules,
} from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { AuthScreen, authStyles as styles } from './auth-screen';
import { authApi } from './auth-api';
import { PasswordsTurnedOff } from './passwords-turned-off';
import { TextField } from './text-field';
import { passwordsOn, useSignInOptions } from './use-sign-in-options';

/** The field as the server names it in a 400, with its limit. */
const rules = { email: fieldRule(() => uiMessages.emailField, { max: EMAIL_MAX_LENGTH }) } satisfies FieldRules;

type Phase =
  { name: 'asking' } | { name: 'sending' } | { name: 'sent'; message: string } | { name: 'failed'; message: string };

/**
 * Forgot password, /forgot-password, where sign-in's "Forgot your password?" leads.
 * The server answers the same whether or not the address has an account, and so does this page.
 */
export default function ForgotPasswordPage() {
  const options = useSignInOptions();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [phase, setPhase] = useState<Phase>({ name: 'asking' });
  const tooLong = lengthError(email, rules.email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const invalid = tooLong ?? (emailPattern.test(address) ? undefined : uiMessages.invalidLoginEmail);
    setEmailError(invalid);
    if (invalid) return;
    setPhase({ name: 'sending' });
    try {
      const { message } = await authApi.requestPasswordReset(address);
      setPhase({ name: 'sent', message: message ? inReadersLanguage(message) : uiMessages.passwordResetSent });
    } catch (error) {
      const atField = fieldErrorOf(error, rules);
      if (atField) {
        setEmailError(atField.text);
        setPhase({ name: 'asking' });
      } else {
        setPhase({ name: 'failed', message: serverMessage(error) ?? uiMessages.passwordResetRequestFailed });
      }
    }
  };

  // No password to reset: the organisation's account is the way in.
  if (!passwordsOn(options)) return <PasswordsTurnedOff title={uiMessages.forgotPasswordHeading} />;

  if (phase.name === 'sent') {
    return (
      <AuthScreen title={uiMessages.forgotPasswordHeading}>
        <MessageBox tone="success">{phase.message}</MessageBox>
        <p className={styles.text}>{uiMessages.resetLinkNote}</p>
        <div className={styles.links}>
          <Link to="/login">{uiMessages.backToSignIn}</Link>
        </div>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title={uiMessages.forgotPasswordHeading}>
      {phase.name === 'failed' && <MessageBox tone="error">{phase.message}</MessageBox>}
      <p className={styles.text}>{uiMessages.forgotPasswordIntro}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={uiMessages.emailAddressLabel}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          error={tooLong ?? emailError}
          onChange={(value) => {
            setEmail(value);
            setEmailError(undefined);
          }}
        />
        <button type="submit" className={styles.button} disabled={phase.name === 'sending'}>
          {phase.name === 'sending' ? uiMessages.sending : uiMessages.sendResetLink}
        </button>
      </form>
      <div className={styles.links}>
        <Link to="/login">{uiMessages.backToSignIn}</Link>
      </div>
    </AuthScreen>
  );
}
