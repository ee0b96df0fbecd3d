import { PASSWORD_MAX_LENGTH, type SsoLinkRequired, type SsoSessionResponse } from '@trackboard/contracts';
import { useState, type FormEvent } from 'react';
import { Field, fieldErrorOf, fieldRule, lengthError, MessageBox, type FieldRules } from '@trackboard/web-kit';
import type { LoginNotice } from '../../routing/login-state';
import { uiMessages } from '../../ui-messages';
import { authStyles as styles } from './auth-screen';
import { authApi, ssoStartUrl } from './auth-api';
import { loginFailure } from './login-failure';
import { TextField } from './text-field';

/**
 * Starts single sign-on. A link, not a call: the server sends the browser on to the identity
 * provider, which sends it back, so the whole page leaves and returns.
 */
export function SsoButton({ name, returnTo }: { name: string; returnTo: string }) {
  return (
    <a className={styles.ssoButton} href={ssoStartUrl(returnTo)}>
      {uiMessages.signInWith(name)}
    </a>
  );
}

/** Between single sign-on and the password form. */
export function OrDivider() {
  return <p className={styles.divider}>{uiMessages.or}</p>;
}

/** The field as the server names it in a 400, with its limit. */
const rules = {
  password: fieldRule(() => uiMessages.passwordField, { max: PASSWORD_MAX_LENGTH }),
} satisfies FieldRules;

interface SsoLinkFormProps {
  /** The server's 409: why, and the account's e-mail. */
  required: SsoLinkRequired;
  onSignedIn: (session: SsoSessionResponse) => void;
  onCancel: () => void;
}

/**
 * The provider's e-mail already has an account here: its password, given once, links the two,
 * and signs in. Failures are said as a password sign-in says them.
 */
export function SsoLinkForm({ required, onSignedIn, onCancel }: SsoLinkFormProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<LoginNotice>();
  const [submitting, setSubmitting] = useState(false);
  const tooLong = lengthError(password, rules.password, { trim: false });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = tooLong ?? (password ? undefined : uiMessages.passwordRequired);
    setError(invalid);
    if (invalid) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      onSignedIn(await authApi.ssoLink(password));
    } catch (refusal) {
      const atField = fieldErrorOf(refusal, rules);
      if (atField) setError(atField.text);
      else setFailure(loginFailure(refusal));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <MessageBox tone="notice">{uiMessages.ssoLinkRequired(required.link.provider)}</MessageBox>
      {failure && <MessageBox tone={failure.tone}>{failure.text}</MessageBox>}
      <form className={styles.form} onSubmit={submit} noValidate>
        {/* Shown, not asked: it is the provider's. Kept an input so password managers see the account. */}
        <Field id="field-link-email" label={uiMessages.emailAddressLabel}>
          {(control) => (
            <input
              {...control}
              className={styles.input}
              name="email"
              type="email"
              autoComplete="username"
              value={required.link.email}
              readOnly
            />
          )}
        </Field>
        <TextField
          label={uiMessages.passwordField}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={tooLong ?? error}
          onChange={(value) => {
            setPassword(value);
            setError(undefined);
          }}
        />
        <button type="submit" className={styles.button} disabled={submitting}>
          {submitting ? uiMessages.signingIn : uiMessages.linkAndSignIn}
        </button>
        <button type="button" className={styles.secondaryButton} onClick={onCancel}>
          {uiMessages.cancel}
        </button>
      </form>
    </>
  );
}
