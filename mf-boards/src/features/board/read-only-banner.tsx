import { uiMessages } from '../../ui-messages';
import styles from './offline-banner.module.css';
import { useProjectArchived } from '../../shared/board-store/use-project-archived';

/**
 * Over the board of an archived project: why nothing on it can be changed. Styled as
 * the offline banner, a notice and not an error: the board under it reads as before. A status,
 * read out once, politely; it also appears when a change was refused because the project was
 * archived while the board was open.
 */
export function ArchivedBanner() {
  const archived = useProjectArchived();
  if (!archived) return null;
  return (
    <p className={styles.banner} role="status">
      {uiMessages.archivedBanner}
    </p>
  );
}
