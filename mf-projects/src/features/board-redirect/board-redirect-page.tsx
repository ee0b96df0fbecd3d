import { errorReason, Spinner } from '@trackboard/web-kit';
import { Navigate, useParams } from 'react-router';
import { useProject } from '../../projects-api';
import { uiMessages } from '../../ui-messages';
import styles from './board-redirect-page.module.css';

/**
 * Project redirect, /board/{key}: the project's first board replaces this
 * location, so Back skips the redirect.
 */
export function BoardRedirectPage() {
  const { key } = useParams();
  const { data: project, error } = useProject(key);

  if (!key) return <BoardLoadError details={uiMessages.keyMissing} />;
  if (error !== undefined) return <BoardLoadError details={errorReason(error, uiMessages.projectFetchFailed)} />;
  if (!project) return <Spinner label={uiMessages.loadingBoard} />;
  const firstBoard = project.boards[0];
  if (!firstBoard) return <BoardLoadError details={uiMessages.noBoard} />;
  return <Navigate to={`/boards/${firstBoard.id}`} replace />;
}

function BoardLoadError({ details }: { details: string }) {
  return (
    <div className={styles.panel} role="alert">
      <h1 className={styles.title}>{uiMessages.boardLoadFailedTitle}</h1>
      <p className={styles.text}>{uiMessages.boardLoadFailed}</p>
      <p className={styles.details}>{uiMessages.boardLoadDetails(details)}</p>
    </div>
  );
}
