import { EMAIL_MAX_LENGTH, emailPattern, PASSWORD_MAX_LENGTH, type UserDto } from '@trackboard/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  accountStatusOf,
  ApiError,
  fieldErrorOf,
  lengthError,
  logout,
  MessageBox,
  serverMessage,
  useSession,
  type FieldRules,
} from '@trackboard/web-kit';
import type { LoginLocationState, LoginNotice, VerificationLocationState } from '../../routing/login-state';
import { uiMessages } from '../../ui-messages';
import { AuthScreen, authStyles as styles } from './auth-screen';
import { authApi } from './auth-api';
import { TextField } from './text-field';

type Fields = { email: string; password: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/** The fields as the server names them in a 400, with its limits. */
const rules = {
  email: { label: uiMessages.emailField, max: EMAIL_MAX_LENGTH },
  password: { label: uiMessages.passwordField, max: PASSWORD_MAX_LENGTH },
} satisfies FieldRules;

/** Over the server's limits: said as the value is typed. */
function lengthErrors({ email, password }: Fields): FieldErrors {
  const errors: FieldErrors = {};
  const emailTooLong = lengthError(email, rules.email);
  const passwordTooLong = lengthError(password, rules.password, { trim: false });
  if (emailTooLong) errors.email = emailTooLong;
  if (passwordTooLong) errors.password = passwordTooLong;
  return errors;
}

function validate(fields: Fields): FieldErrors {
  const errors: FieldErrors = {};
  if (!emailPattern.test(fields.email.trim())) errors.email = uiMessages.invalidLoginEmail;
  if (!fields.password) errors.password = uiMessages.passwordRequired;
  return { ...errors, ...lengthErrors(fields) };
}

/**
 * Spec §8.1: rejected and suspended accounts get their own text; otherwise the server's, or the
 * default. Spec §2.2: a refusal and the default failure are red; the server's other answers
 * (wrong credentials, too many attempts) yellow.
 */
function loginFailure(error: unknown): LoginNotice {
  const refusedAs =
    error instanceof ApiError && error.status === 403
      ? (error.body as { status?: string } | undefined)?.status
      : undefined;
  const fromServer = serverMessage(error);
  if (refusedAs === 'REJECTED') return { text: fromServer ?? uiMessages.accountRejected, tone: 'error' };
  if (refusedAs === 'SUSPENDED') return { text: fromServer ?? uiMessages.accountSuspended, tone: 'error' };
  return fromServer ? { text: fromServer, tone: 'notice' } : { text: uiMessages.loginFailed, tone: 'error' };
}

/** Sign In, /login. `?logout=true` ends the session first. */
export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSession((state) => state.signIn);
  const arrival = (location.state as LoginLocationState | null) ?? {};
  const [fields, setFields] = useState<Fields>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<LoginNotice | undefined>(arrival.notice);
  // A notice handed over by a later navigation to this same screen replaces the shown one.
  const [arrivalNotice, setArrivalNotice] = useState(arrival.notice);
  if (arrival.notice !== arrivalNotice) {
    setArrivalNotice(arrival.notice);
    setNotice(arrival.notice);
  }

  const loggingOut = params.get('logout') === 'true';
  useEffect(() => {
    if (!loggingOut) return;
    logout().then(
      () => navigate('/login', { replace: true }),
      () =>
        navigate('/login', {
          replace: true,
          state: { notice: { text: uiMessages.logoutFailed, tone: 'error' } } satisfies LoginLocationState,
        }),
    );
  }, [loggingOut, navigate]);

  const routeByStatus = (token: string, user: UserDto) => {
    const status = accountStatusOf(user);
    switch (status) {
      case 'ACTIVE':
        signIn(token, user);
        navigate(arrival.from ?? '/', { replace: true });
        break;
      case 'PENDING_APPROVAL':
        signIn(token, user);
        navigate('/pending-approval', { replace: true });
        break;
      case 'PENDING_VERIFICATION':
        signIn(token, user);
        setNotice({ text: uiMessages.emailNotVerified, tone: 'notice', verifyEmail: user.email });
        break;
      default:
        setNotice({ text: uiMessages.unexpectedStatus(status), tone: 'notice' });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    setNotice(undefined);
    try {
      const { token, user } = await authApi.login({ email: fields.email.trim(), password: fields.password });
      routeByStatus(token, user);
    } catch (error) {
      // A refused field is said at the field; wrong credentials and refusals stay above the form.
      const atField = fieldErrorOf(error, rules);
      if (atField) setErrors({ [atField.field]: atField.text });
      else setNotice(loginFailure(error));
    } finally {
      setSubmitting(false);
    }
  };

  const set = (field: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [field]: value }));
  const shownErrors: FieldErrors = { ...errors, ...lengthErrors(fields) };

  return (
    <AuthScreen title="Sign In">
      {notice && (
        <MessageBox tone={notice.tone}>
          {notice.text}
          {notice.verifyEmail !== undefined && (
            <>
              {' '}
              <Link
                to="/request-verification"
                state={{ email: notice.verifyEmail } satisfies VerificationLocationState}
              >
                Request a new verification email
              </Link>
            </>
          )}
        </MessageBox>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          value={fields.email}
          error={shownErrors.email}
          onChange={set('email')}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={fields.password}
          error={shownErrors.password}
          onChange={set('password')}
        />
        <button type="submit" className={styles.button} disabled={submitting}>
          {submitting ? 'Signing In...' : 'Sign In'}
        </button>
      </form>
      <div className={styles.links}>
        {/* Spec §2.2 has it go nowhere; here it leads to the password reset. */}
        <Link to="/forgot-password">Forgot your password?</Link>
        <span>
          Don&apos;t have an account? <Link to="/register">Sign Up</Link>
        </span>
      </div>
    </AuthScreen>
  );
}
