import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_NAME_MAX_LENGTH,
  type InvitationPreview,
} from '@trackboard/contracts';
import { useState, type FormEvent } from 'react';
import {
  fieldErrorOf,
  fieldRule,
  fieldTexts,
  lengthError,
  MessageBox,
  serverMessage,
  useSession,
  type FieldRules,
} from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { authStyles as styles } from '../auth/auth-screen';
import { SsoButton } from '../auth/sso-sign-in';
import { TextField } from '../auth/text-field';
import { passwordsOn, useSignInOptions } from '../auth/use-sign-in-options';
import { invitationApi } from './invitation-api';

type Fields = { name: string; password: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/** The fields as the server names them in a 400 ("password: is too easy to guess…"), with its limits. */
const rules = {
  name: fieldRule(() => uiMessages.nameField, { max: USER_NAME_MAX_LENGTH }),
  password: fieldRule(() => uiMessages.passwordField, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
} satisfies FieldRules;

/** As on /register: over a limit as the value is typed; blank or under the minimum once submitted. */
function fieldErrors({ name, password }: Fields, submitted: boolean): FieldErrors {
  const errors: FieldErrors = {};
  const nameError = name.trim() ? lengthError(name, rules.name) : fieldTexts.required(rules.name.label);
  // The password is sent as typed (not trimmed), so every character counts.
  const passwordError = password
    ? lengthError(password, rules.password, { trim: false })
    : fieldTexts.required(rules.password.label);
  if (nameError && (submitted || name.trim())) errors.name = nameError;
  if (passwordError && (submitted || password.length > PASSWORD_MAX_LENGTH)) errors.password = passwordError;
  return errors;
}

interface InvitedAccountFormProps {
  token: string;
  preview: InvitationPreview;
  /** Where the page is, for single sign-on to come back to. */
  returnTo: string;
  /** Signed in with the new account: the page goes on to join. */
  onSignedIn: () => void;
  /** The link itself was refused: true when the page took it over (the form then says nothing). */
  onLinkRefused: (error: unknown) => boolean;
}

/** A new person's account, made through the link: the e-mail is the invitation's, so it is shown, not asked. */
export function InvitedAccountForm({ token, preview, returnTo, onSignedIn, onLinkRefused }: InvitedAccountFormProps) {
  const signIn = useSession((state) => state.signIn);
  const options = useSignInOptions();
  const [fields, setFields] = useState<Fields>({ name: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const shownErrors: FieldErrors = { ...refused, ...fieldErrors(fields, submitted) };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setRefused({});
    setProblem(undefined);
    if (submitting || Object.keys(fieldErrors(fields, true)).length > 0) return;
    setSubmitting(true);
    try {
      const session = await invitationApi.createAccount({ token, name: fields.name.trim(), password: fields.password });
      signIn(session.token, session.user);
      onSignedIn();
    } catch (failure) {
      // A refused field is said at the field; a dead link is the page's; anything else above the form.
      const atField = fieldErrorOf(failure, rules);
      if (atField) setRefused({ [atField.field]: atField.text });
      else if (!onLinkRefused(failure)) setProblem(serverMessage(failure) ?? uiMessages.invitedAccountFailed);
    } finally {
      setSubmitting(false);
    }
  };

  // Accounts here come from single sign-on, which comes back to this page to join.
  if (!passwordsOn(options)) {
    return (
      <>
        <MessageBox tone="notice">{uiMessages.passwordsTurnedOff}</MessageBox>
        {options?.sso && <SsoButton name={options.sso.name} returnTo={returnTo} />}
      </>
    );
  }

  const set = (field: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    // A server refusal is about the value it was given: editing the field clears it.
    setRefused(({ [field]: _changed, ...others }) => others);
  };
  return (
    <>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      <form className={styles.form} onSubmit={submit} noValidate>
        {/* Named as the account's user name, so a password manager saves the new password with it. */}
        <TextField
          label={uiMessages.emailAddressLabel}
          name="email"
          type="email"
          autoComplete="username"
          value={preview.email}
          readOnly
        />
        <TextField
          label={uiMessages.nameField}
          name="name"
          autoComplete="name"
          value={fields.name}
          error={shownErrors.name}
          onChange={set('name')}
        />
        <TextField
          label={uiMessages.passwordField}
          name="password"
          type="password"
          autoComplete="new-password"
          value={fields.password}
          error={shownErrors.password}
          hint={fieldTexts.atLeast(PASSWORD_MIN_LENGTH)}
          onChange={set('password')}
        />
        <button type="submit" className={styles.button} disabled={submitting}>
          {submitting ? uiMessages.creatingAccount : uiMessages.createAccountAndJoin}
        </button>
      </form>
    </>
  );
}
