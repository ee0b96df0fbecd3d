import { useBoardRights } from '../../exposes/board-rights';
import { uiMessages } from '../../ui-messages';
import styles from './offline-banner.module.css';
import { useReadOnlyReason } from '../../shared/board-store/use-board-access';

/**
 * Over a board the reader cannot change: its project is archived, or they are one of its viewers
 * — why nothing on it can be changed. Styled as the offline banner, a notice and not an error:
 * the board under it reads as before. A status, read out once, politely; it also appears when a
 * change was refused because the project was archived while the board was open.
 */
export function ReadOnlyBanner() {
  const reason = useReadOnlyReason();
  const { canComment } = useBoardRights();
  if (!reason) return null;
  return (
    <p className={styles.banner} role="status">
      {reason === 'archived' ? uiMessages.archivedBanner : uiMessages.viewerNotice(canComment)}
    </p>
  );
}
