import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_NAME_MAX_LENGTH,
} from '@trackboard/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  fieldErrorOf,
  fieldRule,
  fieldTexts,
  lengthError,
  MessageBox,
  serverMessage,
  useSession,
  type FieldError,
  type FieldRules,
} from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { AuthScreen, authStyles as styles } from './auth-screen';
import { authApi } from './auth-api';
import { PasswordsTurnedOff } from './passwords-turned-off';
import { TextField } from './text-field';
import { passwordsOn, useSignInOptions } from './use-sign-in-options';

type Fields = { username: string; email: string; password: string; confirmPassword: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;
const empty: Fields = { username: '', email: '', password: '', confirmPassword: '' };

/** The fields by the names the server gives them in a 400 ("password: …"), with its limits. */
const rules = {
  name: fieldRule(() => uiMessages.usernameField, { max: USER_NAME_MAX_LENGTH }),
  email: fieldRule(() => uiMessages.emailField, { max: EMAIL_MAX_LENGTH }),
  password: fieldRule(() => uiMessages.passwordField, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
} satisfies FieldRules;
/** The server's field name → this form's field (the username travels as the name). */
const formField = { name: 'username', email: 'email', password: 'password' } as const;

/** Spec §5: all four fields required; the passwords must match. */
function validate(fields: Fields): string | undefined {
  if (Object.values(fields).some((value) => !value.trim())) return uiMessages.allFieldsRequired;
  if (fields.password !== fields.confirmPassword) return uiMessages.passwordsDoNotMatch;
  return undefined;
}

/** Over a limit, said as the value is typed; under the password's minimum, only once submitted. */
function lengthErrors(fields: Fields, submitted: boolean): FieldErrors {
  // The password is sent as typed (not trimmed), so every character counts.
  const password = lengthError(fields.password, rules.password, { trim: false });
  const errors: FieldErrors = {
    username: lengthError(fields.username, rules.name),
    email: lengthError(fields.email, rules.email),
    password: submitted || fields.password.length > PASSWORD_MAX_LENGTH ? password : undefined,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, text]) => text)) as FieldErrors;
}

function toFormField({ field, text }: FieldError): FieldErrors {
  return { [formField[field as keyof typeof formField]]: text };
}

/** Create Account, /register: on success the form gives way to a check-your-e-mail notice. */
export default function RegisterPage() {
  const signIn = useSession((state) => state.signIn);
  const options = useSignInOptions();
  const [fields, setFields] = useState<Fields>(empty);
  const [error, setError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [registered, setRegistered] = useState(false);
  const fieldErrors: FieldErrors = { ...refused, ...lengthErrors(fields, submitted) };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validate(fields);
    setError(invalid);
    setSubmitted(true);
    setRefused({});
    if (invalid || Object.keys(lengthErrors(fields, true)).length > 0) return;
    setSubmitting(true);
    try {
      // The username field is sent as the name (registration payload).
      const { token, user } = await authApi.register({
        name: fields.username.trim(),
        email: fields.email.trim(),
        password: fields.password,
      });
      signIn(token, user);
      setRegistered(true);
    } catch (failure) {
      // A refused field is said at the field; anything else (e-mail taken, server down) above the form.
      const atField = fieldErrorOf(failure, rules);
      if (atField) setRefused(toFormField(atField));
      else setError(serverMessage(failure) ?? uiMessages.registrationFailed);
    } finally {
      setSubmitting(false);
    }
  };

  // Accounts then come from single sign-on; until the options are in, the form is offered.
  if (!passwordsOn(options)) return <PasswordsTurnedOff title={uiMessages.createAccountHeading} />;

  if (registered) {
    return (
      <AuthScreen title={uiMessages.createAccountHeading}>
        <MessageBox tone="success">{uiMessages.registrationSuccessful}</MessageBox>
        <div className={styles.links}>
          <Link to="/login">{uiMessages.goToLogin}</Link>
        </div>
      </AuthScreen>
    );
  }

  const set = (field: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    // A server refusal is about the value it was given: editing the field clears it.
    setRefused(({ [field]: _changed, ...others }) => others);
  };
  return (
    <AuthScreen title={uiMessages.createAccountHeading}>
      {error && <MessageBox tone="error">{error}</MessageBox>}
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={uiMessages.usernameField}
          name="username"
          autoComplete="username"
          value={fields.username}
          error={fieldErrors.username}
          onChange={set('username')}
        />
        <TextField
          label={uiMessages.emailAddressLabel}
          name="email"
          type="email"
          autoComplete="email"
          value={fields.email}
          error={fieldErrors.email}
          onChange={set('email')}
        />
        <TextField
          label={uiMessages.passwordField}
          name="password"
          type="password"
          autoComplete="new-password"
          value={fields.password}
          error={fieldErrors.password}
          hint={fieldTexts.atLeast(PASSWORD_MIN_LENGTH)}
          onChange={set('password')}
        />
        <TextField
          label={uiMessages.confirmPasswordLabel}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <button type="submit" className={styles.button} disabled={submitting}>
          {submitting ? uiMessages.creatingAccountCapitalized : uiMessages.signUp}
        </button>
      </form>
      <div className={styles.links}>
        <span>
          {uiMessages.haveAccount} <Link to="/login">{uiMessages.signIn}</Link>
        </span>
      </div>
    </AuthScreen>
  );
}
