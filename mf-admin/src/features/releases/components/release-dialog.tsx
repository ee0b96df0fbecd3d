import type { RemoteReleaseDto } from '@trackboard/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Modal, modalStyles } from '../../../shared/modal';
import { uiMessages } from '../../../ui-messages';
import { parseShare, remoteLabel, type ReleaseChange, type ReleaseChangeKind } from '../release-rules';
import styles from '../releases.module.css';

/** The changes asked about first; ending a canary is the way back to safety and happens at once. */
export type QuestionKind = Exclude<ReleaseChangeKind, 'endCanary'>;
export type ReleaseQuestion = { kind: QuestionKind; remote: RemoteReleaseDto; version: string };

const words: Record<
  QuestionKind,
  {
    confirm(version: string): string;
    tone: 'approve' | 'reject';
    question(remote: RemoteReleaseDto, version: string): string;
  }
> = {
  makeCurrent: {
    confirm: () => uiMessages.makeCurrent,
    tone: 'approve',
    question: (remote, version) => uiMessages.confirmMakeCurrent(remoteLabel(remote.name), version),
  },
  promote: {
    confirm: () => uiMessages.promote,
    tone: 'approve',
    question: (remote, version) => uiMessages.confirmPromote(remoteLabel(remote.name), version),
  },
  rollBack: {
    confirm: uiMessages.rollBackTo,
    tone: 'reject',
    question: (remote, version) => uiMessages.confirmRollBack(remoteLabel(remote.name), remote.current, version),
  },
  startCanary: {
    confirm: () => uiMessages.startCanary,
    tone: 'approve',
    question: (remote, version) =>
      remote.canary
        ? uiMessages.askReplaceCanary(remoteLabel(remote.name), version, remote.canary.version)
        : uiMessages.askStartCanary(remoteLabel(remote.name), version, remote.current),
  },
  changeShare: {
    confirm: () => uiMessages.changeShare,
    tone: 'approve',
    question: (remote, version) => uiMessages.askChangeShare(remoteLabel(remote.name), version),
  },
};

export interface ReleaseDialogProps {
  /** The change asked about; none: closed. */
  open: ReleaseQuestion | null;
  busy: boolean;
  onConfirm(change: ReleaseChange): void;
  onCancel(): void;
}

/**
 * A change every user feels is confirmed first, as account changes are;
 * a canary's start and share ask for the share of users (1–100 %).
 */
export function ReleaseDialog({ open, busy, onConfirm, onCancel }: ReleaseDialogProps) {
  const word = open ? words[open.kind] : null;
  return (
    <Modal
      open={open !== null}
      title={open ? uiMessages.releaseDialogTitles[open.kind] : ''}
      description={open && word ? word.question(open.remote, open.version) : undefined}
      busy={busy}
      onClose={onCancel}
    >
      {/* Keyed by the question: a share typed for one version never carries over to the next. */}
      {open && word ? (
        <QuestionForm
          key={`${open.kind}-${open.remote.name}-${open.version}`}
          question={open}
          confirm={word.confirm(open.version)}
          tone={word.tone}
          busy={busy}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      ) : null}
    </Modal>
  );
}

// A share to begin with when none is set yet: a canary starts small.
const firstShare = '10';

function QuestionForm({
  question,
  confirm,
  tone,
  busy,
  onConfirm,
  onCancel,
}: {
  question: ReleaseQuestion;
  confirm: string;
  tone: 'approve' | 'reject';
  busy: boolean;
  onConfirm(change: ReleaseChange): void;
  onCancel(): void;
}) {
  const { kind, remote, version } = question;
  const [shareText, setShareText] = useState(
    kind === 'changeShare' && remote.canary ? String(remote.canary.share) : firstShare,
  );
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const asksShare = kind === 'startCanary' || kind === 'changeShare';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (asksShare) {
      const share = parseShare(shareText);
      if (share === null) return setInvalid(true);
      return onConfirm({ kind, remote: remote.name, version, share });
    }
    onConfirm({ kind, remote: remote.name, version });
  };

  return (
    <form onSubmit={submit} noValidate>
      {asksShare ? (
        <div className={styles.shareField}>
          <label className={modalStyles.label} htmlFor={inputId}>
            {uiMessages.shareLabel}
          </label>
          <input
            id={inputId}
            className={styles.shareInput}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            required
            value={shareText}
            disabled={busy}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(event) => {
              setShareText(event.target.value);
              setInvalid(false);
            }}
          />
          {invalid ? (
            <p id={errorId} className={styles.fieldError}>
              {uiMessages.shareInvalid}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className={modalStyles.actions}>
        <button type="button" className={modalStyles.secondary} disabled={busy} onClick={onCancel}>
          {uiMessages.cancel}
        </button>
        <button type="submit" className={modalStyles[tone]} disabled={busy}>
          {busy ? uiMessages.processing : confirm}
        </button>
      </div>
    </form>
  );
}
