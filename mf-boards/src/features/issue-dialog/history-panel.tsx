import type { IssueActivityDto } from '@trackboard/contracts';
import { errorReason, MessageBox, RelativeTime } from '@trackboard/web-kit';
import { useEffect, useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { boardApi } from '../../shared/board-store/api';
import { UserAvatar } from '../../shared/user-avatar';
import { describeActivity } from './activity-text';
import side from './side-tabs.module.css';

type History = { entries: IssueActivityDto[] | null; error: string | null };

/**
 * The issue's history, newest first, each entry with its relative time. Fetched
 * when the tab is shown and again whenever the issue changes (its version or comment count).
 */
export function HistoryPanel({ issueId, revision }: { issueId: string; revision: string }) {
  const [history, setHistory] = useState<History>({ entries: null, error: null });

  useEffect(() => {
    let current = true;
    boardApi.fetchActivity(issueId).then(
      (entries) => current && setHistory({ entries, error: null }),
      (error: unknown) =>
        current && setHistory((was) => ({ ...was, error: errorReason(error, uiMessages.fetchActivityFailed) })),
    );
    return () => {
      current = false;
    };
  }, [issueId, revision]);

  const { entries, error } = history;
  return (
    <section aria-label={uiMessages.historyTab}>
      {error ? <MessageBox tone="error">{error}</MessageBox> : null}
      {entries === null ? (
        error ? null : (
          <p className={side.muted} role="status">
            {uiMessages.loadingHistory}
          </p>
        )
      ) : entries.length === 0 ? (
        <p className={side.muted}>{uiMessages.noHistory}</p>
      ) : (
        <ol className={side.history}>
          {entries.map((entry) => (
            <li key={entry.id} className={side.historyItem} data-kind={entry.kind}>
              <UserAvatar name={entry.actor.name} url={null} />
              <div>
                <span className={side.actor}>{entry.actor.name}</span> {describeActivity(entry)}
                <div>
                  <RelativeTime at={entry.at} className={side.time} />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
