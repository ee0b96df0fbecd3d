import {
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  type AccessTokenDto,
  type AccessTokenRevocationReason,
  type CreatedAccessTokenDto,
} from '@trackboard/contracts';
import {
  errorReason,
  Field,
  fieldErrorOf,
  fieldRule,
  fieldTexts,
  formatAbsoluteTime,
  lengthError,
  MessageBox,
  retryUnlessClientError,
  useSession,
  type FieldRules,
} from '@trackboard/web-kit';
import { useConfirm } from '@trackboard/web-kit/confirm-dialog';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { uiMessages } from '../../ui-messages';
import { accessTokensApi } from './access-tokens-api';
import ownStyles from './access-tokens.module.css';
import styles from './profile-page.module.css';

/** Why a token was revoked, and when. */
const revokedTexts: Record<AccessTokenRevocationReason, (at: string) => string> = {
  PASSWORD_CHANGE: (at) => uiMessages.revokedOnPasswordChange(at),
  PASSWORD_RESET: (at) => uiMessages.revokedOnPasswordReset(at),
};

/** The list's cache key: the password form refreshes it, since a new password revokes the tokens. */
export const accessTokensKey = (userId: string | null) => ['access-tokens', userId] as const;

const rules = {
  name: fieldRule(() => uiMessages.tokenNameField, { min: 1, max: ACCESS_TOKEN_NAME_MAX_LENGTH }),
  expiresAt: fieldRule(() => uiMessages.tokenExpiryDate),
} satisfies FieldRules;

/** The chosen day's last second, local time: a token "expiring on" a day works through that day. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/**
 * "Access tokens" on the profile page: create one with a name and an optional expiry
 * day, shown once with a Copy button; the list says when each was created and last used and
 * when it expires, or that a new password revoked it; Revoke asks first.
 */
export function AccessTokensSection() {
  const userId = useSession((state) => state.user?.id ?? null);
  const { data, error, mutate } = useSWR(accessTokensKey(userId), () => accessTokensApi.list(), {
    shouldRetryOnError: retryUnlessClientError,
    revalidateOnFocus: false,
  });
  const [created, setCreated] = useState<CreatedAccessTokenDto>();
  const [problem, setProblem] = useState<string>();
  const [confirmDialog, confirm] = useConfirm();

  const revoke = async (token: AccessTokenDto) => {
    const sure = await confirm({
      title: uiMessages.revokeTitle,
      message: uiMessages.confirmRevoke(token.name),
      confirmLabel: uiMessages.revoke,
      danger: true,
    });
    if (!sure) return;
    setProblem(undefined);
    try {
      await accessTokensApi.revoke(token.id);
      if (created?.id === token.id) setCreated(undefined);
      await mutate((list) => list?.filter((t) => t.id !== token.id), { revalidate: false });
    } catch (failure) {
      setProblem(errorReason(failure, uiMessages.revokeFailed));
    }
  };

  return (
    <section className={styles.card} aria-labelledby="access-tokens-title">
      {confirmDialog}
      <h2 id="access-tokens-title" className={styles.cardTitle}>
        {uiMessages.tokensTitle}
      </h2>
      <p className={ownStyles.intro}>{uiMessages.tokensIntro}</p>
      <CreateTokenForm
        onCreated={(token) => {
          setCreated(token);
          const { token: _secret, ...listed } = token;
          void mutate((list) => [{ ...listed, lastUsedAt: null }, ...(list ?? [])], { revalidate: false });
        }}
      />
      {created && <NewToken token={created} />}
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      {data === undefined && error === undefined ? (
        <p role="status" className={ownStyles.muted}>
          {uiMessages.loadingTokens}
        </p>
      ) : data === undefined ? (
        <MessageBox tone="error">{errorReason(error, uiMessages.tokensLoadFailed)}</MessageBox>
      ) : data.length === 0 ? (
        <p className={ownStyles.muted}>{uiMessages.noTokens}</p>
      ) : (
        <TokenTable tokens={data} onRevoke={(token) => void revoke(token)} />
      )}
    </section>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedAccessTokenDto) => void }) {
  const [name, setName] = useState('');
  const [expiryDay, setExpiryDay] = useState('');
  const [errors, setErrors] = useState<{ name?: string; expiresAt?: string }>({});
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const nameError = name.trim() ? lengthError(name, rules.name) : fieldTexts.required(rules.name.label);
    setErrors(nameError ? { name: nameError } : {});
    if (nameError) return;
    setSubmitting(true);
    try {
      onCreated(await accessTokensApi.create({ name: name.trim(), expiresAt: expiryDay ? endOfDay(expiryDay) : null }));
      setName('');
      setExpiryDay('');
    } catch (error) {
      const atField = fieldErrorOf(error, rules);
      if (atField) setErrors({ [atField.field]: atField.text });
      else setFailure(errorReason(error, uiMessages.tokenCreateFailed));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className={ownStyles.createForm} onSubmit={submit} noValidate>
      <Field id="access-token-name" label={uiMessages.tokenNameField} error={errors.name}>
        {(control) => (
          <input
            {...control}
            className={styles.input}
            value={name}
            maxLength={ACCESS_TOKEN_NAME_MAX_LENGTH}
            required
            onChange={(event) => {
              setName(event.target.value);
              setErrors(({ name: _changed, ...others }) => others);
            }}
          />
        )}
      </Field>
      <Field
        id="access-token-expiry"
        label={uiMessages.tokenExpiryField}
        hint={uiMessages.tokenExpiryHint}
        error={errors.expiresAt}
      >
        {(control) => (
          <input
            {...control}
            className={styles.input}
            type="date"
            min={today()}
            value={expiryDay}
            onChange={(event) => {
              setExpiryDay(event.target.value);
              setErrors(({ expiresAt: _changed, ...others }) => others);
            }}
          />
        )}
      </Field>
      {failure && <MessageBox tone="error">{failure}</MessageBox>}
      <button type="submit" className={styles.button} disabled={submitting}>
        {submitting ? uiMessages.creating : uiMessages.createToken}
      </button>
    </form>
  );
}

/** The token, once: read-only and selectable, with Copy; a polite status says whether the copy worked. */
function NewToken({ token }: { token: CreatedAccessTokenDto }) {
  const [copy, setCopy] = useState<'copied' | 'failed'>();
  const copyToken = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div className={ownStyles.newToken}>
      <MessageBox tone="notice">{uiMessages.tokenCreated(token.name)}</MessageBox>
      <div className={ownStyles.tokenRow}>
        <label className={styles.label} htmlFor="new-access-token">
          {uiMessages.newToken}
        </label>
        <input
          id="new-access-token"
          className={`${styles.input} ${ownStyles.tokenValue}`}
          value={token.token}
          readOnly
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className={ownStyles.copyButton} onClick={() => void copyToken()}>
          {copy === 'copied' ? uiMessages.copied : uiMessages.copy}
        </button>
      </div>
      <p role="status" className={ownStyles.muted}>
        {copy === 'failed' ? uiMessages.copyFailed : ''}
      </p>
    </div>
  );
}

const when = (iso: string | null) => (iso ? formatAbsoluteTime(iso) : uiMessages.never);

function TokenTable({ tokens, onRevoke }: { tokens: AccessTokenDto[]; onRevoke: (token: AccessTokenDto) => void }) {
  const now = Date.now();
  return (
    <div className={ownStyles.tableWrap}>
      <table className={ownStyles.table}>
        <caption className={ownStyles.caption}>{uiMessages.tokensTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{uiMessages.nameField}</th>
            <th scope="col">{uiMessages.created}</th>
            <th scope="col">{uiMessages.lastUsed}</th>
            <th scope="col">{uiMessages.expires}</th>
            <th scope="col">
              <span className={ownStyles.visuallyHidden}>{uiMessages.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id}>
              <th scope="row" className={ownStyles.name}>
                {token.name}
              </th>
              <td data-label={uiMessages.created}>{when(token.createdAt)}</td>
              <td data-label={uiMessages.lastUsed}>{when(token.lastUsedAt)}</td>
              <td data-label={uiMessages.expires}>
                {token.revoked
                  ? revokedTexts[token.revoked.reason](formatAbsoluteTime(token.revoked.at))
                  : token.expiresAt && Date.parse(token.expiresAt) <= now
                    ? uiMessages.tokenExpired(formatAbsoluteTime(token.expiresAt))
                    : when(token.expiresAt)}
              </td>
              <td>
                {!token.revoked && (
                  <button
                    type="button"
                    className={ownStyles.revokeButton}
                    aria-label={uiMessages.revokeNamed(token.name)}
                    onClick={() => onRevoke(token)}
                  >
                    {uiMessages.revoke}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
