import { errorReason } from '@trackboard/web-kit';
import { useState } from 'react';
import { boardText as t } from '../../ui-messages';
import { useWatchState } from './use-watch-state';
import styles from './watch-toggle.module.css';

export const watchTexts = {
  get watch() {
    return t('watch');
  },
  get unwatch() {
    return t('unwatch');
  },
  watchers: (count: number) => t.plural('watchers', count),
  failed: (reason: string) => t('watchFailed', { reason }),
  get tryAgain() {
    return t('tryAgain');
  },
};

/**
 * Watch / Unwatch for the open issue: watchers hear of its new comments and status
 * changes. Shown once the service says how things stand, and kept current as comments come
 * (use-watch-state.ts); the change shows at once and is put back, with the reason, if the server
 * refuses it. Nothing is drawn when watching is unavailable.
 */
export function WatchToggle({ issueId }: { issueId: string }) {
  const { state, change } = useWatchState(issueId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!state) return null;

  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      await change(!state.watching);
    } catch (failure) {
      setError(watchTexts.failed(errorReason(failure, watchTexts.tryAgain)));
    } finally {
      setBusy(false);
    }
  };

  const action = state.watching ? watchTexts.unwatch : watchTexts.watch;
  return (
    <div className={styles.watch}>
      <button
        type="button"
        className={styles.button}
        data-watching={state.watching}
        // "Unwatch, 2 watchers": what it shows ("Unwatch 2"), in words (WCAG 2.5.3).
        aria-label={`${action}, ${watchTexts.watchers(state.watcherCount)}`}
        disabled={busy}
        onClick={() => void toggle()}
      >
        <EyeIcon />
        {action} <span className={styles.count}>{state.watcherCount}</span>
      </button>
      {error ? (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

function EyeIcon() {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
