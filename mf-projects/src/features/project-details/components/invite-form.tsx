import { EMAIL_MAX_LENGTH, emailPattern, type ProjectMemberDto } from '@trackboard/contracts';
import { errorReason, Field, fieldErrorOf, fieldRule, lengthError, type FieldRules } from '@trackboard/web-kit';
import { useState, type FormEvent } from 'react';
import { uiMessages } from '../../../ui-messages';
import pageStyles from '../project-details-page.module.css';
import type { Outcome } from './invitation-outcome';

/** The field as the project service names it in a 400 ("email: must be a valid e-mail address"). */
const rules = {
  email: fieldRule(() => uiMessages.inviteEmailField, { max: EMAIL_MAX_LENGTH }),
} satisfies FieldRules;

/** What the browser can tell before sending: the address's shape, and whether that person is in the team already. */
function ownError(email: string, members: ProjectMemberDto[]): string | undefined {
  if (!emailPattern.test(email)) return uiMessages.invalidEmail;
  if (members.some((member) => member.email.toLowerCase() === email.toLowerCase()))
    return uiMessages.alreadyMember(email);
  return lengthError(email, rules.email);
}

/**
 * One e-mail address to invite. What is wrong with the address is said at the field; the
 * outcome of sending (sent, or refused for another reason) is the section's to show.
 */
export function InviteForm({
  members,
  onInvite,
  onOutcome,
}: {
  members: ProjectMemberDto[];
  onInvite: (email: string) => Promise<unknown>;
  onOutcome: (outcome: Outcome | undefined) => void;
}) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const wanted = email.trim();
    const invalid = ownError(wanted, members);
    setFieldError(invalid);
    onOutcome(undefined);
    if (invalid) return;
    setSending(true);
    try {
      await onInvite(wanted);
      setEmail('');
      onOutcome({ tone: 'success', text: uiMessages.invitationSent(wanted) });
    } catch (error) {
      const atField = fieldErrorOf(error, rules);
      if (atField) setFieldError(atField.text);
      else onOutcome({ tone: 'error', text: uiMessages.inviteFailed(errorReason(error, uiMessages.inviteDefault)) });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={pageStyles.form} onSubmit={submit} noValidate>
      <Field id="invite-email" label={uiMessages.inviteEmailField} error={fieldError}>
        {(control) => (
          <input
            {...control}
            className={pageStyles.input}
            type="email"
            autoComplete="off"
            placeholder={uiMessages.inviteEmailPlaceholder}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(undefined);
            }}
          />
        )}
      </Field>
      <button type="submit" className={pageStyles.primaryButton} disabled={sending}>
        {sending ? uiMessages.sendingInvitation : uiMessages.sendInvitation}
      </button>
    </form>
  );
}
