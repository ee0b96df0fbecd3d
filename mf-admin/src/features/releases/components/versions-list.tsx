import { BUNDLED_VERSION, type RemoteReleaseDto, type RemoteVersionDto } from '@trackboard/contracts';
import { useMediaQuery } from '@trackboard/web-kit';
import { useId } from 'react';
import { mobileQuery } from '../../../shared/pagination-bar';
import { formatDate } from '../../../shared/user-fields';
import { uiMessages } from '../../../ui-messages';
import { blockedReason, versionActions, type ReleaseChange, type VersionAction } from '../release-rules';
import type { ReleaseQuestion } from './release-dialog';
import pageStyles from '../../../shared/admin-page.module.css';
import styles from '../releases.module.css';

const columns = uiMessages.versionColumns;
const labels: Record<VersionAction, string> = {
  get makeCurrent() {
    return uiMessages.makeCurrent;
  },
  get startCanary() {
    return uiMessages.startCanary;
  },
};

export interface VersionsListProps {
  remote: RemoteReleaseDto;
  /** A change under way (any remote's): every button waits for it. */
  busy: ReleaseChange | null;
  onAsk(question: ReleaseQuestion): void;
}

const published = (version: RemoteVersionDto) =>
  version.version === BUNDLED_VERSION ? uiMessages.bundled : formatDate(version.publishedAt);

/** The version's name and what it is now: Current, or the canary with its share. */
function VersionName({ remote, version }: { remote: RemoteReleaseDto; version: RemoteVersionDto }) {
  return (
    <span className={styles.versionName}>
      <span className={styles.version}>{version.version}</span>
      {version.version === remote.current ? (
        <span className={`${styles.mark} ${styles.markCurrent}`}>{uiMessages.currentMark}</span>
      ) : null}
      {version.version === remote.canary?.version ? (
        <span className={`${styles.mark} ${styles.markCanary}`}>{uiMessages.canaryMark(remote.canary.share)}</span>
      ) : null}
    </span>
  );
}

/** Compatible, or the shell's reason it is not; `id` lets a disabled button point at the reason. */
function Compatibility({ version, id }: { version: RemoteVersionDto; id: string }) {
  const blocked = blockedReason(version);
  return (
    <span id={id} className={blocked ? styles.problem : undefined}>
      {blocked ?? uiMessages.compatible}
    </span>
  );
}

/** Make current, Start canary: disabled, pointing at the reason, when the version does not fit the shell. */
function VersionButtons({
  remote,
  version,
  reasonId,
  busy,
  onAsk,
}: VersionsListProps & { version: RemoteVersionDto; reasonId: string }) {
  const actions = versionActions(remote, version);
  if (actions.length === 0) return null;
  const blocked = blockedReason(version);
  return (
    <div className={pageStyles.rowActions}>
      {actions.map((kind) => (
        <button
          key={kind}
          type="button"
          className={pageStyles.secondaryButton}
          aria-label={uiMessages.actionOn(labels[kind], version.version)}
          aria-describedby={blocked ? reasonId : undefined}
          title={blocked ?? undefined}
          disabled={busy !== null || blocked !== null}
          onClick={() => onAsk({ kind, remote, version: version.version })}
        >
          {labels[kind]}
        </button>
      ))}
    </div>
  );
}

function VersionsTable(props: VersionsListProps & { idPrefix: string }) {
  const { remote, idPrefix } = props;
  return (
    <div className={pageStyles.tableWrap}>
      <table className={pageStyles.table} aria-label={uiMessages.versionsOf(uiMessages.remoteTitles[remote.name])}>
        <thead>
          <tr>
            <th scope="col">{columns.version}</th>
            <th scope="col">{columns.published}</th>
            <th scope="col">{columns.compatibility}</th>
            <th scope="col">{columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {remote.versions.map((version, index) => (
            <tr key={version.version}>
              <td>
                <VersionName remote={remote} version={version} />
              </td>
              <td>{published(version)}</td>
              <td className={pageStyles.wrapCell}>
                <Compatibility version={version} id={`${idPrefix}-${index}`} />
              </td>
              <td>
                <VersionButtons {...props} version={version} reasonId={`${idPrefix}-${index}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The same versions on a phone: a card each, its fields as labelled lines, its buttons at the bottom. */
function VersionCards(props: VersionsListProps & { idPrefix: string }) {
  const { remote, idPrefix } = props;
  return (
    <ul className={pageStyles.cards} aria-label={uiMessages.versionsOf(uiMessages.remoteTitles[remote.name])}>
      {remote.versions.map((version, index) => (
        <li key={version.version} className={pageStyles.userCard}>
          <div className={pageStyles.cardHead}>
            <span className={pageStyles.cardName}>
              <VersionName remote={remote} version={version} />
            </span>
          </div>
          <dl className={pageStyles.cardFields}>
            <div>
              <dt>{columns.published}</dt>
              <dd>{published(version)}</dd>
            </div>
            <div>
              <dt>{columns.compatibility}</dt>
              <dd>
                <Compatibility version={version} id={`${idPrefix}-${index}`} />
              </dd>
            </div>
          </dl>
          <VersionButtons {...props} version={version} reasonId={`${idPrefix}-${index}`} />
        </li>
      ))}
    </ul>
  );
}

/** A remote's published versions: a table, or cards below 768px as the other admin lists. */
export function VersionsList(props: VersionsListProps) {
  const mobile = useMediaQuery(mobileQuery);
  const idPrefix = useId();
  const Versions = mobile ? VersionCards : VersionsTable;
  return <Versions {...props} idPrefix={idPrefix} />;
}
