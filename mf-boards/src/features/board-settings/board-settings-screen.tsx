import { FadeIn, MessageBox, useDocumentTitle } from '@trackboard/web-kit';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { uiMessages } from '../../ui-messages';
import { useBoardRoom, useBoardStore, useProjectArchived } from '../../shared/board-store';
import { ReadOnlyBanner } from '../board';
import { ColumnSettings } from './column-settings';
import { labelMessages } from './label-messages';
import { LabelSettings } from './label-settings';
import { SettingsBreadcrumb } from './settings-breadcrumb';
import { boardPath } from './settings-path';
import { useManagesBoard } from './use-manages-board';
import styles from './board-settings.module.css';

/**
 * /boards/{boardId}/settings: the board's labels (rename, recolour, delete) and its columns (the
 * board's own column controls, drawn here as well), for the project's lead and admins; anyone
 * else who sees the board gets a 403 page. The board is loaded into the board store as the board
 * view loads it and its room joined, so what others change shows here as it happens. Loaded on
 * first use: the cold board carries only the header's link.
 */
export default function BoardSettingsScreen() {
  const { boardId = '' } = useParams();
  const { board, loading, error, loadedBoardId } = useBoardStore(
    useShallow((s) => ({ board: s.board, loading: s.loading, error: s.error, loadedBoardId: s.loadedBoardId })),
  );
  const manages = useManagesBoard();
  const archived = useProjectArchived();

  useEffect(() => {
    void useBoardStore.getState().fetchBoard(boardId);
  }, [boardId]);
  useEffect(() => () => useBoardStore.getState().reset(), []);
  const projectKey = board?.projectKey;
  useEffect(() => {
    if (projectKey) void useBoardStore.getState().fetchProject(projectKey);
  }, [projectKey]);
  useBoardRoom(boardId);
  useDocumentTitle(board ? labelMessages.documentTitle(board.name) : undefined);

  let content;
  if (!board && (loadedBoardId !== boardId || loading)) {
    content = (
      <p className={styles.state} role="status">
        {labelMessages.loading}
      </p>
    );
  } else if (!board) {
    content = error ? (
      <MessageBox tone="error">{typeof error === 'string' ? error : uiMessages.unexpectedError}</MessageBox>
    ) : (
      <div className={styles.state}>
        <h1 className={styles.stateTitle}>{uiMessages.boardNotFound}</h1>
        <p>{uiMessages.noBoardData(boardId)}</p>
      </div>
    );
  } else if (!manages) {
    content = <NotAuthorized boardId={board.id} />;
  } else {
    content = (
      <>
        <header className={styles.header}>
          <SettingsBreadcrumb boardId={board.id} boardName={board.name} projectKey={board.projectKey} />
          <div className={styles.titleRow}>
            <h1 className={styles.title}>{labelMessages.settingsTitle}</h1>
            <Link className={styles.backLink} to={boardPath(board.id)}>
              {labelMessages.backToBoard}
            </Link>
          </div>
        </header>
        <ReadOnlyBanner />
        <LabelSettings boardId={board.id} readOnly={archived} />
        <ColumnSettings readOnly={archived} />
      </>
    );
  }
  return <FadeIn className={styles.page}>{content}</FadeIn>;
}

/** The 403 page's words, for someone on the board who does not look after it. */
function NotAuthorized({ boardId }: { boardId: string }) {
  return (
    <section className={styles.denied} aria-labelledby="board-settings-denied">
      <h1 id="board-settings-denied" className={styles.deniedTitle}>
        {labelMessages.notAuthorizedTitle}
      </h1>
      <p>{labelMessages.notAuthorizedText}</p>
      <p className={styles.hint}>{labelMessages.notAuthorizedWhy}</p>
      <Link className={styles.backLink} to={boardPath(boardId)}>
        {labelMessages.backToBoard}
      </Link>
    </section>
  );
}
