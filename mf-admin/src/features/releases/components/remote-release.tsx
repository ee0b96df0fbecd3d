import type { ReleaseChangeDto, RemoteReleaseDto } from '@trackboard/contracts';
import { useId } from 'react';
import { formatDate } from '../../../shared/user-fields';
import { uiMessages } from '../../../ui-messages';
import { blockedReason, rollBackOf, type ReleaseChange } from '../release-rules';
import type { ReleaseQuestion } from './release-dialog';
import { VersionsList } from './versions-list';
import pageStyles from '../../../shared/admin-page.module.css';
import styles from '../releases.module.css';

export interface RemoteReleaseProps {
  remote: RemoteReleaseDto;
  /** Every remote's changes, newest first: the roll back target comes from them. */
  history: ReleaseChangeDto[];
  busy: ReleaseChange | null;
  onAsk(question: ReleaseQuestion): void;
  /** Ending a canary asks nothing: it sends everyone back to the current version. */
  onEndCanary(remote: RemoteReleaseDto): void;
}

/** A button that, when the version cannot be loaded, is disabled and says why beside it. */
function GuardedButton({
  label,
  blocked,
  busy,
  className,
  onClick,
}: {
  label: string;
  blocked: string | null;
  busy: boolean;
  className: string | undefined;
  onClick(): void;
}) {
  const reasonId = useId();
  return (
    <>
      <button
        type="button"
        className={className}
        aria-describedby={blocked ? reasonId : undefined}
        disabled={busy || blocked !== null}
        onClick={onClick}
      >
        {label}
      </button>
      {blocked ? (
        <p id={reasonId} className={styles.blockedNote}>
          {blocked}
        </p>
      ) : null}
    </>
  );
}

/** The canary's controls: its share, Promote (asked first), End canary (at once). */
function CanaryControls({ remote, busy, onAsk, onEndCanary }: Omit<RemoteReleaseProps, 'history'>) {
  if (!remote.canary) return null;
  const version = remote.canary.version;
  const listed = remote.versions.find((each) => each.version === version);
  const blocked = listed ? blockedReason(listed) : uiMessages.notPublished;
  const waiting = busy !== null;
  return (
    <div className={styles.controls}>
      <button
        type="button"
        className={pageStyles.secondaryButton}
        disabled={waiting}
        onClick={() => onAsk({ kind: 'changeShare', remote, version })}
      >
        {uiMessages.changeShare}
      </button>
      <button type="button" className={pageStyles.rejectButton} disabled={waiting} onClick={() => onEndCanary(remote)}>
        {busy?.kind === 'endCanary' && busy.remote === remote.name ? uiMessages.processing : uiMessages.endCanary}
      </button>
      <GuardedButton
        label={uiMessages.promote}
        blocked={blocked}
        busy={waiting}
        className={pageStyles.approveButton}
        onClick={() => onAsk({ kind: 'promote', remote, version })}
      />
    </div>
  );
}

/** What the shell reported while loading the canary failed (it fell back to current each time). */
function CanaryFailures({ failures }: { failures: RemoteReleaseDto['canaryFailures'] }) {
  if (failures.count === 0) return null;
  return (
    <div className={styles.failures}>
      <p className={styles.failuresTitle}>{uiMessages.canaryFailures(failures.count)}</p>
      {failures.lastAt ? <p>{uiMessages.lastFailure(formatDate(failures.lastAt))}</p> : null}
      {failures.lastMessage ? <p>{failures.lastMessage}</p> : null}
    </div>
  );
}

/**
 * One remote's card: its names, the current version, the canary and how loading it
 * went, a way back to the previous current version, and every published version.
 */
export function RemoteRelease({ remote, history, busy, onAsk, onEndCanary }: RemoteReleaseProps) {
  const headingId = useId();
  const rollBack = rollBackOf(remote, history);
  return (
    <section className={styles.remote} aria-labelledby={headingId}>
      <div className={styles.remoteHead}>
        <h2 id={headingId} className={styles.remoteTitle}>
          {uiMessages.remoteTitles[remote.name]} <span className={styles.technicalName}>{remote.name}</span>
        </h2>
        {rollBack ? (
          <div className={styles.controls}>
            <GuardedButton
              label={uiMessages.rollBackTo(rollBack.to)}
              blocked={rollBack.blocked}
              busy={busy !== null}
              className={pageStyles.secondaryButton}
              onClick={() => onAsk({ kind: 'rollBack', remote, version: rollBack.to })}
            />
          </div>
        ) : null}
      </div>
      <dl className={styles.summary}>
        <div>
          <dt>{uiMessages.currentVersion}</dt>
          <dd>{remote.current}</dd>
        </div>
        <div>
          <dt>{uiMessages.canary}</dt>
          <dd>
            {remote.canary ? uiMessages.canaryTo(remote.canary.version, remote.canary.share) : uiMessages.noCanary}
          </dd>
        </div>
      </dl>
      <CanaryControls remote={remote} busy={busy} onAsk={onAsk} onEndCanary={onEndCanary} />
      <CanaryFailures failures={remote.canaryFailures} />
      <VersionsList remote={remote} busy={busy} onAsk={onAsk} />
    </section>
  );
}
