import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type MessageResponse,
  type PasswordChange,
} from '@trackboard/contracts';
import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import {
  api,
  Field,
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
import { accessTokensKey } from './access-tokens';
import { sessionsKey } from './active-sessions';
import styles from './profile-page.module.css';

/**
 * Signed in, the current password proves the owner; the server ends the other sessions
 * and, unless asked to keep them, the personal access tokens.
 */
const changePassword = (body: PasswordChange) => api.put<MessageResponse>('/auth/password', body);

type Fields = { currentPassword: string; password: string; confirmPassword: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;
const empty: Fields = { currentPassword: '', password: '', confirmPassword: '' };

/** The fields as the server names them in a 400 ("currentPassword: is incorrect"), with their limits. */
const rules = {
  currentPassword: fieldRule(() => uiMessages.currentPasswordField, { max: PASSWORD_MAX_LENGTH }),
  password: fieldRule(() => uiMessages.newPasswordField, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
} satisfies FieldRules;

/** What the browser can tell before sending: each field's own sentence, at the field. */
function check({ currentPassword, password, confirmPassword }: Fields): FieldErrors {
  const errors: FieldErrors = {
    currentPassword: currentPassword
      ? lengthError(currentPassword, rules.currentPassword, { trim: false })
      : fieldTexts.required(rules.currentPassword.label),
    password: password
      ? lengthError(password, rules.password, { trim: false })
      : fieldTexts.required(rules.password.label),
  };
  if (!errors.password && password !== confirmPassword) errors.confirmPassword = uiMessages.passwordsDoNotMatch;
  return Object.fromEntries(Object.entries(errors).filter(([, text]) => text)) as FieldErrors;
}

type Result = { tone: 'success' | 'error'; text: string };

/**
 * "Change Password" on the profile page. "Keep my access tokens" starts unticked each
 * time: keeping them is the exception, for an owner sure nobody else made one.
 */
export function ChangePasswordForm() {
  const userId = useSession((state) => state.user?.id ?? null);
  const { mutate } = useSWRConfig();
  const [fields, setFields] = useState<Fields>(empty);
  const [keepAccessTokens, setKeepAccessTokens] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(fields);
    setErrors(found);
    setResult(undefined);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const { message } = await changePassword({
        currentPassword: fields.currentPassword,
        password: fields.password,
        keepAccessTokens,
      });
      setFields(empty);
      setKeepAccessTokens(false);
      setResult({ tone: 'success', text: inReadersLanguage(message) });
      // The Access tokens list on the same page shows the revoked ones.
      void mutate(accessTokensKey(userId));
      // The new password ended the other sessions.
      void mutate(sessionsKey(userId));
    } catch (error) {
      const atField = fieldErrorOf(error, rules);
      if (atField) setErrors({ [atField.field]: atField.text });
      else setResult({ tone: 'error', text: serverMessage(error) ?? uiMessages.passwordChangeFailed });
    } finally {
      setSubmitting(false);
    }
  };

  const set = (field: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _changed, ...others }) => others);
  };

  return (
    <section className={styles.card} aria-labelledby="change-password-title">
      <h2 id="change-password-title" className={styles.cardTitle}>
        {uiMessages.changePassword}
      </h2>
      {result && <MessageBox tone={result.tone}>{result.text}</MessageBox>}
      <form className={styles.form} onSubmit={submit} noValidate>
        <PasswordField
          id="current-password"
          label={uiMessages.currentPasswordLabel}
          autoComplete="current-password"
          value={fields.currentPassword}
          error={errors.currentPassword}
          onChange={set('currentPassword')}
        />
        <PasswordField
          id="new-password"
          label={uiMessages.newPasswordLabel}
          autoComplete="new-password"
          value={fields.password}
          error={errors.password}
          hint={fieldTexts.atLeast(PASSWORD_MIN_LENGTH)}
          onChange={set('password')}
        />
        <PasswordField
          id="confirm-new-password"
          label={uiMessages.confirmNewPasswordLabel}
          autoComplete="new-password"
          value={fields.confirmPassword}
          error={errors.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <div className={styles.field}>
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={keepAccessTokens}
              aria-describedby="keep-access-tokens-hint"
              onChange={(event) => setKeepAccessTokens(event.target.checked)}
            />
            {uiMessages.keepAccessTokensField}
          </label>
          <p id="keep-access-tokens-hint" className={styles.hint}>
            {uiMessages.keepAccessTokensHint}
          </p>
        </div>
        <button type="submit" className={styles.button} disabled={submitting}>
          {submitting ? uiMessages.changing : uiMessages.changePassword}
        </button>
      </form>
    </section>
  );
}

interface PasswordFieldProps {
  id: string;
  label: string;
  autoComplete: string;
  value: string;
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
}

/** A required password input in web-kit's labelled Field. */
function PasswordField({ id, label, autoComplete, value, error, hint, onChange }: PasswordFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          className={styles.input}
          type="password"
          autoComplete={autoComplete}
          value={value}
          required
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
