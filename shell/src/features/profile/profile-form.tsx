import { emailPattern, USER_NAME_MAX_LENGTH, type UserDto } from '@trackboard/contracts';
import { useState, type FormEvent } from 'react';
import { errorReason, Field, fieldErrorOf, fieldRule, MessageBox, type FieldRules } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { profileApi } from './profile-api';
import styles from './profile-page.module.css';

type Result = { tone: 'success' | 'error'; text: string };

/** The fields as the server names them in a 400 ("name: is too long"), with its limits. */
const rules = {
  name: fieldRule(() => uiMessages.usernameField, { max: USER_NAME_MAX_LENGTH }),
  bio: fieldRule(() => uiMessages.bioField),
} satisfies FieldRules;

/** Name and bio; the e-mail is shown but cannot change, and only name and bio are sent. */
export function ProfileForm({ profile, onSaved }: { profile: UserDto; onSaved: (profile: UserDto) => void }) {
  const [name, setName] = useState(profile.name);
  const [bio, setBio] = useState(profile.bio);
  const [nameError, setNameError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result>();
  const email = profile.email;
  // Spec §5: the e-mail must look like one, and submitting is blocked while it does not.
  const emailError = email && !emailPattern.test(email) ? uiMessages.invalidEmailFormat : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setNameError(uiMessages.usernameRequired);
    setNameError(undefined);
    if (emailError || !email) return;
    setSubmitting(true);
    setResult(undefined);
    try {
      onSaved(await profileApi.update({ name: name.trim(), bio }));
      setResult({ tone: 'success', text: uiMessages.profileUpdated });
    } catch (error) {
      // A refused field in words ("Username can be at most 100 characters."), else the server's message.
      const reason = fieldErrorOf(error, rules)?.text ?? errorReason(error, uiMessages.tryAgain);
      setResult({ tone: 'error', text: uiMessages.profileUpdateFailed(reason) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="profile-info-title">
      <h2 id="profile-info-title" className={styles.cardTitle}>
        {uiMessages.profileInformation}
      </h2>
      {result && <MessageBox tone={result.tone}>{result.text}</MessageBox>}
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field id="profile-name" label={uiMessages.usernameField} error={nameError}>
          {(control) => (
            <input
              {...control}
              className={styles.input}
              value={name}
              required
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field id="profile-email" label={uiMessages.email} error={emailError}>
          {(control) => <input {...control} className={styles.input} type="email" value={email} readOnly disabled />}
        </Field>
        <Field id="profile-bio" label={uiMessages.bioField}>
          {(control) => (
            <textarea
              {...control}
              className={styles.input}
              rows={4}
              placeholder={uiMessages.bioPlaceholder}
              value={bio}
              onChange={(event) => setBio(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className={styles.button} disabled={submitting || Boolean(emailError) || !email}>
          {submitting ? uiMessages.updating : uiMessages.updateProfileInfo}
        </button>
      </form>
    </section>
  );
}
