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
import { accessTokensApi } from './access-tokens-api';
import ownStyles from './access-tokens.module.css';
import styles from './profile-page.module.css';

export const tokenTexts = {
  title: 'Access tokens',
  intro: 'Scripts and tools can call the API as you with a personal access token.',
  nameField: 'Token name',
  expiryField: 'Expires on (optional)',
  expiryHint: 'Leave empty for a token that never expires.',
  create: 'Create token',
  creating: 'Creating...',
  created: (name: string) => `Token “${name}” created. Copy it now: it won’t be shown again.`,
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the token and copy it yourself.',
  newToken: 'New token',
  none: 'No access tokens yet.',
  loading: 'Loading access tokens…',
  loadFailed: 'Could not load access tokens.',
  createFailed: 'Could not create the token.',
  revoke: 'Revoke',
  revokeTitle: 'Revoke the token?',
  revokeFailed: 'Could not revoke the token.',
  confirmRevoke: (name: string) => `Revoke “${name}”? Anything using it will stop working.`,
  never: 'Never',
  expired: (at: string) => `Expired ${at}`,
  revoked: {
    PASSWORD_CHANGE: (at: string) => `Revoked on password change ${at}`,
    PASSWORD_RESET: (at: string) => `Revoked on password reset ${at}`,
  } satisfies Record<AccessTokenRevocationReason, (at: string) => string>,
};

/** The list's cache key: the password form refreshes it, since a new password revokes the tokens. */
export const accessTokensKey = (userId: string | null) => ['access-tokens', userId] as const;

const rules = {
  name: { label: tokenTexts.nameField, min: 1, max: ACCESS_TOKEN_NAME_MAX_LENGTH },
  expiresAt: { label: 'Expiry date' },
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
      title: tokenTexts.revokeTitle,
      message: tokenTexts.confirmRevoke(token.name),
      confirmLabel: tokenTexts.revoke,
      danger: true,
    });
    if (!sure) return;
    setProblem(undefined);
    try {
      await accessTokensApi.revoke(token.id);
      if (created?.id === token.id) setCreated(undefined);
      await mutate((list) => list?.filter((t) => t.id !== token.id), { revalidate: false });
    } catch (failure) {
      setProblem(errorReason(failure, tokenTexts.revokeFailed));
    }
  };

  return (
    <section className={styles.card} aria-labelledby="access-tokens-title">
      {confirmDialog}
      <h2 id="access-tokens-title" className={styles.cardTitle}>
        {tokenTexts.title}
      </h2>
      <p className={ownStyles.intro}>{tokenTexts.intro}</p>
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
          {tokenTexts.loading}
        </p>
      ) : data === undefined ? (
        <MessageBox tone="error">{errorReason(error, tokenTexts.loadFailed)}</MessageBox>
      ) : data.length === 0 ? (
        <p className={ownStyles.muted}>{tokenTexts.none}</p>
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
      else setFailure(errorReason(error, tokenTexts.createFailed));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className={ownStyles.createForm} onSubmit={submit} noValidate>
      <Field id="access-token-name" label={tokenTexts.nameField} error={errors.name}>
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
        label={tokenTexts.expiryField}
        hint={tokenTexts.expiryHint}
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
        {submitting ? tokenTexts.creating : tokenTexts.create}
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
      <MessageBox tone="notice">{tokenTexts.created(token.name)}</MessageBox>
      <div className={ownStyles.tokenRow}>
        <label className={styles.label} htmlFor="new-access-token">
          {tokenTexts.newToken}
        </label>
        <input
          id="new-access-token"
          className={`${styles.input} ${ownStyles.tokenValue}`}
          value={token.token}
          readOnly
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className={ownStyles.copyButton} onClick={() => void copyToken()}>
          {copy === 'copied' ? tokenTexts.copied : tokenTexts.copy}
        </button>
      </div>
      <p role="status" className={ownStyles.muted}>
        {copy === 'failed' ? tokenTexts.copyFailed : ''}
      </p>
    </div>
  );
}

const when = (iso: string | null) => (iso ? formatAbsoluteTime(iso) : tokenTexts.never);

function TokenTable({ tokens, onRevoke }: { tokens: AccessTokenDto[]; onRevoke: (token: AccessTokenDto) => void }) {
  const now = Date.now();
  return (
    <div className={ownStyles.tableWrap}>
      <table className={ownStyles.table}>
        <caption className={ownStyles.caption}>{tokenTexts.title}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <span className={ownStyles.visuallyHidden}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id}>
              <th scope="row" className={ownStyles.name}>
                {token.name}
              </th>
              <td data-label="Created">{when(token.createdAt)}</td>
              <td data-label="Last used">{when(token.lastUsedAt)}</td>
              <td data-label="Expires">
                {token.revoked
                  ? tokenTexts.revoked[token.revoked.reason](formatAbsoluteTime(token.revoked.at))
                  : token.expiresAt && Date.parse(token.expiresAt) <= now
                    ? tokenTexts.expired(formatAbsoluteTime(token.expiresAt))
                    : when(token.expiresAt)}
              </td>
              <td>
                {!token.revoked && (
                  <button
                    type="button"
                    className={ownStyles.revokeButton}
                    aria-label={`${tokenTexts.revoke} ${token.name}`}
                    onClick={() => onRevoke(token)}
                  >
                    {tokenTexts.revoke}
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
