import { useState, type FormEvent } from 'react';
import { inReadersLanguage, MessageBox, serverMessage } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { authStyles as styles } from './auth-screen';
import { authApi } from './auth-api';
import { TextField } from './text-field';

type Phase =
  { name: 'prompt' } | { name: 'resending' } | { name: 'sent'; message: string } | { name: 'failed'; message: string };

interface ResendVerificationProps {
  /** The e-mail to send to, when the screen knows it. */
  email?: string;
  /** Show an e-mail field (prefilled with `email`) instead of sending to `email` as given. */
  askForEmail: boolean;
}

/**
 * Asks for a new verification e-mail. Its states are §4.3's resend prompt,
 * resending, resend success and resend error.
 */
export function ResendVerification({ email: knownEmail = '', askForEmail }: ResendVerificationProps) {
  const [email, setEmail] = useState(knownEmail);
  const [phase, setPhase] = useState<Phase>({ name: 'prompt' });

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return setPhase({ name: 'failed', message: uiMessages.resendNeedsEmail });
    setPhase({ name: 'resending' });
    try {
      const { message } = await authApi.resendVerification(address);
      setPhase({ name: 'sent', message: message ? inReadersLanguage(message) : uiMessages.verificationSent });
    } catch (error) {
      setPhase({ name: 'failed', message: serverMessage(error) ?? uiMessages.resendFailed });
    }
  };

  return (
    <>
      {phase.name === 'sent' && <MessageBox tone="success">{phase.message}</MessageBox>}
      {phase.name === 'failed' && <MessageBox tone="error">{phase.message}</MessageBox>}
      <form className={styles.form} onSubmit={send} noValidate>
        {askForEmail && (
          <TextField
            label={uiMessages.emailAddressLabel}
            name="resend-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
          />
        )}
        <button type="submit" className={styles.button} disabled={phase.name === 'resending'}>
          {phase.name === 'resending' ? uiMessages.sending : uiMessages.resendVerificationEmail}
        </button>
      </form>
    </>
  );
}
