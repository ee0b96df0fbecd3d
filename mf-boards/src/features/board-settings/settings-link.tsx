import { Link } from 'react-router';
import { entryMessages } from './entry-messages';
import styles from './settings-link.module.css';
import { settingsPath } from './settings-path';
import { useManagesBoard } from './use-manages-board';

/** "Board settings" in the board's header, for the project's lead and admins (nobody else may use the screen). */
export function BoardSettingsLink({ boardId }: { boardId: string }) {
  if (!useManagesBoard()) return null;
  return (
    <Link className={styles.settingsLink} to={settingsPath(boardId)}>
      <svg className={styles.gear} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <g fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
          <circle cx="8" cy="8" r="4.25" />
          <circle cx="8" cy="8" r="1.75" />
          <path d="M8 1v1.75M8 13.25V15M1 8h1.75M13.25 8H15M3.05 3.05l1.24 1.24M11.71 11.71l1.24 1.24M3.05 12.95l1.24-1.24M11.71 4.29l1.24-1.24" />
        </g>
      </svg>
      {entryMessages.settings}
    </Link>
  );
}
