import {
  WEBHOOK_EVENTS,
  WEBHOOK_SECRET_MAX_LENGTH,
  WEBHOOK_SECRET_MIN_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookEvent,
} from '@trackboard/contracts';
import {
  errorReason,
  fieldErrorOf,
  fieldRule,
  fieldTexts,
  formatAbsoluteTime,
  lengthError,
  MessageBox,
  numberFormat,
  RelativeTime,
  type FieldError,
  type FieldRules,
} from '@trackboard/web-kit';
import { useConfirm } from '@trackboard/web-kit/confirm-dialog';
import { useId, useState, type FormEvent } from 'react';
import { isNotFound } from '../../../projects-api';
import { uiMessages } from '../../../ui-messages';
import pageStyles from '../project-details-page.module.css';
import { useProjectWebhooks, useWebhookDeliveries, type NewWebhook, type WebhookActions } from '../webhooks-api';
import styles from './project-webhooks.module.css';

/** The fields as the notification service names them in a 400 ("url: must be a public address …"). */
const rules = {
  url: fieldRule(() => uiMessages.webhookUrlField, { max: WEBHOOK_URL_MAX_LENGTH }),
  secret: fieldRule(() => uiMessages.webhookSecretField, {
    min: WEBHOOK_SECRET_MIN_LENGTH,
    max: WEBHOOK_SECRET_MAX_LENGTH,
  }),
  events: fieldRule(() => uiMessages.webhookEventsField),
} satisfies FieldRules;

/** "120 ms" in the page's language; no grouping, as it was written before ("1500 ms"). */
const duration = (ms: number) =>
  numberFormat({ style: 'unit', unit: 'millisecond', unitDisplay: 'short', useGrouping: false }).format(ms);

/**
 * A project's webhooks, for its lead and administrators: each with its events, whether
 * it is enabled and its last delivery, "Send test", its delivery log and Delete; a form adds one.
 */
export function ProjectWebhooks({ projectKey, mayAdd }: { projectKey: string; mayAdd: boolean }) {
  const actions = useProjectWebhooks(projectKey);
  const { webhooks, error } = actions;

  return (
    <section className={pageStyles.card} aria-labelledby="project-webhooks-title">
      <h2 id="project-webhooks-title" className={pageStyles.sectionTitle}>
        {uiMessages.webhooksTitle(webhooks?.length ?? 0)}
      </h2>
      <p className={`${styles.intro} ${pageStyles.muted}`}>{uiMessages.webhooksIntro}</p>
      {/* A 404 means the project itself is gone, which the page already says. */}
      {error !== undefined && !webhooks && !isNotFound(error) && (
        <MessageBox tone="error">
          {uiMessages.webhooksLoadFailed(errorReason(error, uiMessages.webhooksDefault))}
        </MessageBox>
      )}
      {webhooks && webhooks.length === 0 && <p className={pageStyles.muted}>{uiMessages.noWebhooks}</p>}
      {webhooks && webhooks.length > 0 && (
        <ul className={styles.webhooks}>
          {webhooks.map((webhook) => (
            <WebhookRow key={webhook.id} webhook={webhook} actions={actions} />
          ))}
        </ul>
      )}
      {mayAdd && <NewWebhookForm onCreate={actions.create} />}
    </section>
  );
}

function DeliveryOutcome({ delivery }: { delivery: WebhookDeliveryDto }) {
  return (
    <>
      <span className={styles.status} data-status={delivery.status}>
        {uiMessages.deliveryStatusText[delivery.status]}
      </span>
      {delivery.responseCode !== null && ` · ${delivery.responseCode}`} ·{' '}
      <RelativeTime at={delivery.deliveredAt ?? delivery.createdAt} />
    </>
  );
}

function WebhookRow({ webhook, actions }: { webhook: WebhookDto; actions: WebhookActions }) {
  const [testing, setTesting] = useState(false);
  const [confirmDialog, confirm] = useConfirm();
  const [deleting, setDeleting] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [showLog, setShowLog] = useState(false);
  const logId = useId();
  const enabled = webhook.disabledAt === null;

  const sendTest = async () => {
    setTesting(true);
    setOutcome(undefined);
    try {
      const delivery = await actions.test(webhook.id);
      setOutcome(
        delivery.status === 'SUCCEEDED'
          ? { tone: 'success', text: uiMessages.testSucceeded(delivery.responseCode) }
          : { tone: 'error', text: uiMessages.testFailed(delivery.error ?? uiMessages.testDefault) },
      );
    } catch (failure) {
      setOutcome({ tone: 'error', text: uiMessages.testFailed(errorReason(failure, uiMessages.testDefault)) });
    } finally {
      setTesting(false);
    }
  };

  const remove = async () => {
    const sure = await confirm({
      title: uiMessages.deleteWebhookTitle,
      message: uiMessages.confirmDeleteWebhook(webhook.url),
      confirmLabel: uiMessages.deleteWebhook,
      danger: true,
    });
    if (!sure) return;
    setDeleting(true);
    setOutcome(undefined);
    try {
      await actions.remove(webhook.id);
    } catch (failure) {
      setOutcome({
        tone: 'error',
        text: uiMessages.deleteWebhookFailed(errorReason(failure, uiMessages.deleteWebhookDefault)),
      });
      setDeleting(false);
    }
  };

  return (
    <li className={styles.webhook} aria-label={webhook.url}>
      {confirmDialog}
      <div className={styles.summary}>
        <span className={styles.url}>{webhook.url}</span>
        <span className={enabled ? styles.enabled : styles.disabled}>
          {enabled ? uiMessages.webhookEnabled : uiMessages.webhookDisabled}
        </span>
      </div>
      <ul className={styles.events} aria-label={uiMessages.webhookEventsField}>
        {webhook.events.map((event) => (
          <li key={event} className={styles.event}>
            {event}
          </li>
        ))}
      </ul>
      <p className={`${styles.meta} ${pageStyles.muted}`}>
        {uiMessages.webhookSecretShown(webhook.secretHint)} ·{' '}
        {webhook.lastDelivery ? (
          <>
            {uiMessages.webhookLastDelivery} <DeliveryOutcome delivery={webhook.lastDelivery} />
          </>
        ) : (
          uiMessages.webhookNeverDelivered
        )}
      </p>
      {!enabled && <p className={styles.disabledNote}>{uiMessages.webhookDisabledNote}</p>}
      {outcome && <MessageBox tone={outcome.tone}>{outcome.text}</MessageBox>}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.smallButton}
          aria-label={uiMessages.sendTestLabel(webhook.url)}
          disabled={testing}
          onClick={sendTest}
        >
          {testing ? uiMessages.sendingTest : uiMessages.sendTest}
        </button>
        <button
          type="button"
          className={styles.smallButton}
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {showLog ? uiMessages.hideDeliveries : uiMessages.showDeliveries}
        </button>
        <button
          type="button"
          className={pageStyles.dangerButton}
          aria-label={uiMessages.deleteWebhookLabel(webhook.url)}
          disabled={deleting}
          onClick={remove}
        >
          {uiMessages.deleteWebhook}
        </button>
      </div>
      <div id={logId}>{showLog && <DeliveryLog webhook={webhook} />}</div>
    </li>
  );
}

/** The deliveries, newest first, 50 at a time: status, time, event, response code and duration. */
function DeliveryLog({ webhook }: { webhook: WebhookDto }) {
  // Keyed by the last delivery, so a test sent meanwhile shows up in an open log.
  const { deliveries, error, older, loadingOlder, showOlder } = useWebhookDeliveries(
    webhook.id,
    webhook.lastDelivery?.id,
  );
  if (error !== undefined && !deliveries)
    return (
      <MessageBox tone="error">
        {uiMessages.deliveriesLoadFailed(errorReason(error, uiMessages.webhooksDefault))}
      </MessageBox>
    );
  if (!deliveries) return null;
  if (deliveries.length === 0) return <p className={pageStyles.muted}>{uiMessages.noDeliveries}</p>;
  return (
    <>
      <div className={styles.logScroll}>
        <table className={styles.log} aria-label={uiMessages.deliveriesLabel(webhook.url)}>
          <caption className={pageStyles.visuallyHidden}>{uiMessages.deliveriesCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{uiMessages.deliveryStatus}</th>
              <th scope="col">{uiMessages.deliveryTime}</th>
              <th scope="col">{uiMessages.deliveryEvent}</th>
              <th scope="col">{uiMessages.deliveryResponse}</th>
              <th scope="col">{uiMessages.deliveryDuration}</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td>
                  <span className={styles.status} data-status={delivery.status}>
                    {uiMessages.deliveryStatusText[delivery.status]}
                  </span>
                </td>
                <td className={styles.time}>{formatAbsoluteTime(delivery.deliveredAt ?? delivery.createdAt)}</td>
                <td>{delivery.event}</td>
                <td title={delivery.error ?? undefined}>{delivery.responseCode ?? '—'}</td>
                <td>{delivery.durationMs === null ? '—' : duration(delivery.durationMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {older && (
        <button type="button" className={styles.smallButton} disabled={loadingOlder} onClick={showOlder}>
          {loadingOlder ? uiMessages.loadingOlderDeliveries : uiMessages.olderDeliveries}
        </button>
      )}
    </>
  );
}

/** Add: a URL, a secret and at least one event; what the server refuses is said at its field. */
function NewWebhookForm({ onCreate }: { onCreate: (input: NewWebhook) => Promise<unknown> }) {
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['issue.created']);
  const [touched, setTouched] = useState(false);
  const [refused, setRefused] = useState<FieldError>();
  const [problem, setProblem] = useState<string>();
  const [adding, setAdding] = useState(false);

  const own = {
    url: url.trim() ? lengthError(url, rules.url) : touched ? fieldTexts.required(rules.url.label) : undefined,
    secret: secret
      ? lengthError(secret, rules.secret, { trim: false })
      : touched
        ? fieldTexts.required(rules.secret.label)
        : undefined,
    events: touched && events.length === 0 ? uiMessages.webhookEventsRequired : undefined,
  };
  const errorAt = (field: keyof typeof own) =>
    own[field] ?? (refused?.field.startsWith(field) ? refused.text : undefined);

  const toggle = (event: WebhookEvent, on: boolean) => {
    setRefused(undefined);
    // Kept in the contract's order, whatever order they are ticked in.
    setEvents((current) => WEBHOOK_EVENTS.filter((e) => (e === event ? on : current.includes(e))));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const blocked =
      !url.trim() ||
      !secret ||
      events.length === 0 ||
      lengthError(url, rules.url) ||
      lengthError(secret, rules.secret, { trim: false });
    if (adding || blocked) return;
    setRefused(undefined);
    setProblem(undefined);
    setAdding(true);
    try {
      await onCreate({ url: url.trim(), secret, events });
      setUrl('');
      setSecret('');
      setEvents(['issue.created']);
      setTouched(false);
    } catch (failure) {
      const atField = fieldErrorOf(failure, rules);
      if (atField) setRefused(atField);
      else setProblem(uiMessages.createWebhookFailed(errorReason(failure, uiMessages.createWebhookDefault)));
    } finally {
      setAdding(false);
    }
  };

  const field = (name: 'url' | 'secret') => {
    const error = errorAt(name);
    const id = `new-webhook-${name}`;
    return {
      id,
      className: pageStyles.input,
      'aria-invalid': error ? true : undefined,
      'aria-describedby':
        [name === 'secret' ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined,
      error,
    };
  };
  const urlField = field('url');
  const secretField = field('secret');
  const eventsError = errorAt('events');

  return (
    <form className={styles.newForm} onSubmit={submit} noValidate aria-label={uiMessages.addWebhook}>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      <div className={pageStyles.field}>
        <label className={pageStyles.label} htmlFor={urlField.id}>
          {uiMessages.webhookUrlField}
        </label>
        <input
          id={urlField.id}
          className={urlField.className}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={uiMessages.webhookUrlPlaceholder}
          value={url}
          aria-invalid={urlField['aria-invalid']}
          aria-describedby={urlField['aria-describedby']}
          onChange={(e) => {
            setUrl(e.target.value);
            setRefused(undefined);
          }}
        />
        {urlField.error && (
          <p id={`${urlField.id}-error`} className={pageStyles.fieldError}>
            {urlField.error}
          </p>
        )}
      </div>
      <div className={pageStyles.field}>
        <label className={pageStyles.label} htmlFor={secretField.id}>
          {uiMessages.webhookSecretField}
        </label>
        <input
          id={secretField.id}
          className={secretField.className}
          type="password"
          autoComplete="new-password"
          value={secret}
          aria-invalid={secretField['aria-invalid']}
          aria-describedby={secretField['aria-describedby']}
          onChange={(e) => {
            setSecret(e.target.value);
            setRefused(undefined);
          }}
        />
        <p id={`${secretField.id}-hint`} className={`${styles.hint} ${pageStyles.muted}`}>
          {uiMessages.webhookSecretHint(WEBHOOK_SECRET_MIN_LENGTH, WEBHOOK_SECRET_MAX_LENGTH)}
        </p>
        {secretField.error && (
          <p id={`${secretField.id}-error`} className={pageStyles.fieldError}>
            {secretField.error}
          </p>
        )}
      </div>
      <fieldset className={styles.eventChoices} aria-describedby={eventsError ? 'new-webhook-events-error' : undefined}>
        <legend className={pageStyles.label}>{uiMessages.webhookEventsField}</legend>
        {WEBHOOK_EVENTS.map((name) => (
          <label key={name} className={styles.eventChoice}>
            <input type="checkbox" checked={events.includes(name)} onChange={(e) => toggle(name, e.target.checked)} />
            {name}
          </label>
        ))}
        {eventsError && (
          <p id="new-webhook-events-error" className={`${pageStyles.fieldError} ${styles.fullRow}`}>
            {eventsError}
          </p>
        )}
      </fieldset>
      <button type="submit" className={pageStyles.primaryButton} disabled={adding}>
        {adding ? uiMessages.addingWebhook : uiMessages.addWebhook}
      </button>
    </form>
  );
}
