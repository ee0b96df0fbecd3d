import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MessageBox, serverMessage, useSession } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { AuthScreen, authStyles as styles } from './auth-screen';
import { authApi } from './auth-api';
import { TextField } from './text-field';

type Fields = { username: string; email: string; password: string; confirmPassword: string };
const empty: Fields = { username: '', email: '', password: '', confirmPassword: '' };

/** Spec §5: all four fields required; the passwords must match. */
function validate(fields: Fields): string | undefined {
  if (Object.values(fields).some((value) => !value.trim())) return uiMessages.allFieldsRequired;
  if (fields.password !== fields.confirmPassword) return uiMessages.passwordsDoNotMatch;
  return undefined;
}

/** Create Account, /register (spec §2.3): on success the form gives way to a check-your-e-mail notice. */
export default function RegisterPage() {
  const signIn = useSession((state) => state.signIn);
  const [fields, setFields] = useState<Fields>(empty);
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [registered, setRegistered] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validate(fields);
    setError(invalid);
    if (invalid) return;
    setSubmitting(true);
    try {
      // The username field is sent as the name (spec §3, registration payload).
      const { token, user } = await authApi.register({
        name: fields.username.trim(),
        email: fields.email.trim(),
        password: fields.password,
      });
      signIn(token, user);
      setRegistered(true);
    } catch (failure) {
      setError(serverMessage(failure) ?? uiMessages.registrationFailed);
    } finally {
      setSubmitting(false);
    }
  };

  if (registered) {
    return (
      <AuthScreen title="Create Account">
        <MessageBox tone="success">
          Registration successful! Please check your email (and your spam folder) for a link to verify your account.
        </MessageBox>
        <div className={styles.links}>
          <Link to="/login">Go to Login</Link>
        </div>
      </AuthScreen>
    );
  }

  const set = (field: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [field]: value }));
  return (
    <AuthScreen title="Create Account">
      {error && <MessageBox tone="error">{error}</MessageBox>}
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={fields.username}
          onChange={set('username')}
        />
        <TextField
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          value={fields.email}
          onChange={set('email')}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={fields.password}
          onChange={set('password')}
        />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <button type="submit" className={styles.button} disabled={submitting}>
          {submitting ? 'Creating Account...' : 'Sign Up'}
        </button>
      </form>
      <div className={styles.links}>
        <span>
          Already have an account? <Link to="/login">Sign In</Link>
        </span>
      </div>
    </AuthScreen>
  );
}
