import type { RemoteReleaseDto } from '@trackboard/contracts';
import { errorReason } from '@trackboard/web-kit';
import { useId, useState } from 'react';
import { AdminToasts, type AdminAlert } from '../../shared/admin-toasts';
import { uiMessages } from '../../ui-messages';
import { useReleases } from './api';
import { HistoryList } from './components/history-list';
import { ReleaseDialog, type ReleaseQuestion } from './components/release-dialog';
import { RemoteRelease } from './components/remote-release';
import { withUpdate } from './release-rules';
import { useReleaseActions } from './use-release-actions';
import pageStyles from '../../shared/admin-page.module.css';
import styles from './releases.module.css';

/**
 * /admin/releases: which published build of each remote users load — the current
 * version, and a canary for a share of them — changed through the gateway's release table,
 * with the history of those changes below.
 */
export function ReleasesPage() {
  const { data, error, isValidating, mutate } = useReleases();
  // The PUT's answer replaces the remote's card at once; the table is then asked for again.
  const actions = useReleaseActions(
    (answer) =>
      void mutate((releases) => (releases && answer ? withUpdate(releases, answer) : releases), {
        revalidate: true,
      }),
  );
  const [question, setQuestion] = useState<ReleaseQuestion | null>(null);
  const closeQuestion = () => setQuestion(null);
  const historyHeadingId = useId();

  // A dismissed load failure stays away until a later load fails anew (another error object).
  const [dismissedLoadError, setDismissedLoadError] = useState<unknown>();
  const loadAlerts: AdminAlert[] =
    error !== undefined && error !== dismissedLoadError
      ? [{ level: 'error', text: errorReason(error, uiMessages.releasesLoadFailed) }]
      : [];
  const dismissAlert = (index: number) =>
    index < loadAlerts.length ? setDismissedLoadError(error) : actions.dismissAlert(index - loadAlerts.length);

  const endCanary = (remote: RemoteReleaseDto) => {
    if (remote.canary) void actions.run({ kind: 'endCanary', remote: remote.name, version: remote.canary.version });
  };

  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>{uiMessages.releasesTitle}</h1>
      <AdminToasts alerts={[...loadAlerts, ...actions.alerts]} onDismiss={dismissAlert} />
      {data === undefined ? (
        error === undefined ? (
          <p role="status" className={pageStyles.muted}>
            {uiMessages.loadingReleases}
          </p>
        ) : null
      ) : (
        <>
          {isValidating ? (
            <p role="status" className={pageStyles.refreshing}>
              {uiMessages.refreshingReleases}
            </p>
          ) : null}
          <div className={styles.remotes}>
            {data.remotes.map((remote) => (
              <RemoteRelease
                key={remote.name}
                remote={remote}
                history={data.history}
                busy={actions.busy}
                onAsk={setQuestion}
                onEndCanary={endCanary}
              />
            ))}
          </div>
          <section aria-labelledby={historyHeadingId}>
            <h2 id={historyHeadingId} className={styles.sectionTitle}>
              {uiMessages.releaseHistory}
            </h2>
            <HistoryList entries={data.history} labelledBy={historyHeadingId} />
          </section>
        </>
      )}
      <ReleaseDialog
        open={question}
        busy={actions.busy !== null && actions.busy.kind === question?.kind}
        onConfirm={(change) => void actions.run(change).finally(closeQuestion)}
        onCancel={closeQuestion}
      />
    </div>
  );
}
