import { lazy, Suspense } from 'react';
import { entryMessages } from './entry-messages';
import styles from './settings-link.module.css';

// What the rest of mf-boards may use of the board settings: the header's link (on the cold board,
// so it stays small) and the screen's route, whose screen is a chunk of its own, loaded on first use.
export { BoardSettingsLink } from './settings-link';
export { settingsPath } from './settings-path';

const LazySettingsScreen = lazy(() => import(/* webpackChunkName: "board-settings" */ './board-settings-screen'));

/** /boards/{boardId}/settings. */
export function BoardSettingsRoute() {
  return (
    <Suspense
      fallback={
        <p className={styles.loading} role="status">
          {entryMessages.loading}
        </p>
      }
    >
      <LazySettingsScreen />
    </Suspense>
  );
}
