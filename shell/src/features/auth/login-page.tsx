import {
  EMAIL_MAX_LENGTH,
  emailPattern,
  PASSWORD_MAX_LENGTH,
  type SsoLinkRequired,
  type SsoSessionResponse,
  type UserDto,
} from '@trackboard/contracts';
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  accountStatusOf,
  ApiError,
  fieldErrorOf,
  fieldRule,
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
import { authApi, completeSsoOnce, inAppPath } from './auth-api';
import { loginFailure } from './login-failure';
import { OrDivider, SsoButton, SsoLinkForm } from './sso-sign-in';
import { TextField } from './text-field';
import { passwordsOn, useSignInOptions } from './use-sign-in-options';

type Fields = { email: string; password: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/** The fields as the server names them in a 400, with its limits. */
const rules = {
  email: fieldRule(() => uiMessages.emailField, { max: EMAIL_MAX_LENGTH }),
  password: fieldRule(() => uiMessages.passwordField, { max: PASSWORD_MAX_LENGTH }),
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

/** A 409 from completing single sign-on: an account has the provider's e-mail, and its password links it. */
function linkRequired(error: unknown): SsoLinkRequired | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const body = error.body as Partial<SsoLinkRequired> | undefined;
  return body?.link ? (body as SsoLinkRequired) : undefined;
}

type SsoAnswer = { session: SsoSessionResponse } | { error: unknown };

/**
 * Sign In, /login. `?logout=true` ends the session first; `?sso=1` is where the server sends the
 * browser back from the identity provider, to complete single sign-on here.
 */
export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSession((state) => state.signIn);
  const arrival = (location.state as LoginLocationState | null) ?? {};
  const options = useSignInOptions();
  const [completingSso, setCompletingSso] = useState(() => params.get('sso') === '1');
  const [ssoLink, setSsoLink] = useState<SsoLinkRequired>();
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

  const routeByStatus = (token: string, user: UserDto, returnTo = arrival.from ?? '/') => {
    const status = accountStatusOf(user);
    switch (status) {
      case 'ACTIVE':
        signIn(token, user);
        navigate(returnTo, { replace: true });
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

  /** Single sign-on gave a session: routed as a password sign-in is, on to where it was started. */
  const ssoSignedIn = ({ token, user, returnTo }: SsoSessionResponse) => {
    setSsoLink(undefined);
    routeByStatus(token, user, inAppPath(returnTo));
  };

  const ssoAnswered = useEffectEvent((answer: SsoAnswer) => {
    setCompletingSso(false);
    // ?sso=1 leaves the history: a reload or Back would ask the server to complete a spent sign-on.
    navigate('/login', { replace: true });
    if ('session' in answer) return ssoSignedIn(answer.session);
    const link = linkRequired(answer.error);
    if (link) setSsoLink(link);
    else setNotice({ text: serverMessage(answer.error) ?? uiMessages.ssoFailed, tone: 'error' });
  });

  // Keyed on the state, not the address: the answer itself takes ?sso=1 out of the address.
  useEffect(() => {
    if (!completingSso) return;
    let current = true;
    completeSsoOnce().then(
      (session) => current && ssoAnswered({ session }),
      (error: unknown) => current && ssoAnswered({ error }),
    );
    return () => {
      current = false;
    };
  }, [completingSso]);

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

  if (completingSso) {
    return (
      <AuthScreen title={uiMessages.signIn}>
        <p className={styles.busy} role="status">
          {uiMessages.completingSso}
        </p>
      </AuthScreen>
    );
  }

  if (ssoLink) {
    return (
      <AuthScreen title={uiMessages.signIn}>
        <SsoLinkForm required={ssoLink} onSignedIn={ssoSignedIn} onCancel={() => setSsoLink(undefined)} />
      </AuthScreen>
    );
  }

  // Until the options are in (or if they never come), passwords are offered as they always were.
  const passwords = passwordsOn(options);
  return (
    <AuthScreen title={uiMessages.signIn}>
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
                {uiMessages.requestNewVerificationEmail}
              </Link>
            </>
          )}
        </MessageBox>
      )}
      {options?.sso && (
        <>
          <SsoButton name={options.sso.name} returnTo={arrival.from ?? '/'} />
          {passwords && <OrDivider />}
        </>
      )}
      {/* Passwords off and no provider set up: nothing to offer, so at least say why. */}
      {!passwords && !options?.sso && <MessageBox tone="notice">{uiMessages.passwordsTurnedOff}</MessageBox>}
      {passwords && (
        <>
          <form className={styles.form} onSubmit={submit} noValidate>
            <TextField
              label={uiMessages.emailAddressLabel}
              name="email"
              type="email"
              autoComplete="email"
              value={fields.email}
              error={shownErrors.email}
              onChange={set('email')}
            />
            <TextField
              label={uiMessages.passwordField}
              name="password"
              type="password"
              autoComplete="current-password"
              value={fields.password}
              error={shownErrors.password}
              onChange={set('password')}
            />
            <button type="submit" className={styles.button} disabled={submitting}>
              {submitting ? uiMessages.signingIn : uiMessages.signIn}
            </button>
          </form>
          <div className={styles.links}>
            {/* Spec §2.2 has it go nowhere; here it leads to the password reset. */}
            <Link to="/forgot-password">{uiMessages.forgotYourPassword}</Link>
            <span>
              {uiMessages.noAccount} <Link to="/register">{uiMessages.signUp}</Link>
            </span>
          </div>
        </>
      )}
    </AuthScreen>
  );
}
