import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, inReadersLanguage, MessageBox, serverMessage, useSession } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { AuthScreen, authStyles as styles } from './auth-screen';
import { verifyEmailOnce } from './auth-api';
import { ResendVerification } from './resend-verification';
import { TextField } from './text-field';

// Spec §4.3's first states; the resend states live in <ResendVerification>.
type Outcome =
  | { phase: 'checking' }
  | { phase: 'no-token' }
  | { phase: 'verifying' }
  | { phase: 'verified'; message: string }
  | { phase: 'already-verified'; message: string }
  | { phase: 'failed'; message: string };

/**
 * A 409 is a link whose account is verified already (opened a second time, or an older link
 * after a newer one): nothing to resend, the next step is signing in.
 */
function failedOutcome(error: unknown): Outcome {
  if (error instanceof ApiError && error.status === 409)
    return { phase: 'already-verified', message: serverMessage(error) ?? uiMessages.emailAlreadyVerified };
  return { phase: 'failed', message: serverMessage(error) ?? uiMessages.verificationInvalid };
}

/** Verify e-mail, /verify-email?token=…: the link in the verification e-mail lands here. */
export default function VerifyEmailPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const knownEmail = useSession((state) => state.user?.email);
  const [outcome, setOutcome] = useState<Outcome>({ phase: 'checking' });

  useEffect(() => {
    if (!token) return setOutcome({ phase: 'no-token' });
    setOutcome({ phase: 'verifying' });
    let current = true;
    verifyEmailOnce(token).then(
      ({ message }) =>
        current &&
        setOutcome({ phase: 'verified', message: message ? inReadersLanguage(message) : uiMessages.emailVerified }),
      (error: unknown) => current && setOutcome(failedOutcome(error)),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const enterCode = (code: string) => setParams({ token: code });

  return (
    <AuthScreen title={uiMessages.verifyEmailHeading}>
      {outcome.phase === 'checking' && (
        <p className={styles.busy} role="status">
          {uiMessages.checkingVerificationLink}
        </p>
      )}
      {outcome.phase === 'verifying' && (
        <p className={styles.busy} role="status">
          {uiMessages.verifyingEmail}
        </p>
      )}
      {outcome.phase === 'verified' && (
        <>
          <MessageBox tone="success">{outcome.message}</MessageBox>
          <div className={styles.links}>
            <Link to="/login">{uiMessages.proceedToLogin}</Link>
          </div>
        </>
      )}
      {outcome.phase === 'already-verified' && (
        <>
          <MessageBox tone="success">{outcome.message}</MessageBox>
          <div className={styles.links}>
            <Link to="/login">{uiMessages.signIn}</Link>
          </div>
        </>
      )}
      {outcome.phase === 'failed' && (
        <>
          <MessageBox tone="error">{outcome.message}</MessageBox>
          <ResendSection email={knownEmail} />
          <div className={styles.links}>
            <Link to="/register">{uiMessages.registerAgain}</Link>
            <Link to="/login">{uiMessages.signIn}</Link>
          </div>
        </>
      )}
      {outcome.phase === 'no-token' && (
        <>
          <MessageBox tone="notice">{uiMessages.noVerificationToken}</MessageBox>
          <CodeEntry onSubmit={enterCode} />
          <ResendSection email={knownEmail} />
          <div className={styles.links}>
            <Link to="/login">{uiMessages.backToLogin}</Link>
          </div>
        </>
      )}
    </AuthScreen>
  );
}

function ResendSection({ email }: { email?: string }) {
  return (
    <section className={styles.section} aria-labelledby="resend-title">
      <h2 id="resend-title" className={styles.sectionTitle}>
        {uiMessages.needNewVerificationLink}
      </h2>
      <ResendVerification email={email} askForEmail />
    </section>
  );
}

/** Manual entry of the code from the e-mail (spec §2.5 links here "for manual code entry"). */
function CodeEntry({ onSubmit }: { onSubmit: (code: string) => void }) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onSubmit(code.trim());
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={uiMessages.verificationCode}
        name="verification-code"
        autoComplete="one-time-code"
        value={code}
        onChange={setCode}
      />
      <button type="submit" className={styles.secondaryButton} disabled={!code.trim()}>
        {uiMessages.verify}
      </button>
    </form>
  );
}
