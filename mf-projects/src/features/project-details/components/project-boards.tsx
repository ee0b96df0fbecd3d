import { BOARD_NAME_MAX_LENGTH, type ProjectBoardDto, type ProjectDto } from '@trackboard/contracts';
import {
  errorReason,
  fieldErrorOf,
  fieldRule,
  fieldTexts,
  lengthError,
  MessageBox,
  type FieldError,
  type FieldRules,
} from '@trackboard/web-kit';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { uiMessages } from '../../../ui-messages';
import { useProjectBoards, type ProjectBoardActions } from '../boards-api';
import pageStyles from '../project-details-page.module.css';
import styles from './project-boards.module.css';
import { TypedConfirmDialog } from './typed-confirm-dialog';

/** The name as the board service names it in a 400 ("name: is too long"), with its limit. */
const rules = {
  name: fieldRule(() => uiMessages.boardNameField, { max: BOARD_NAME_MAX_LENGTH }),
} satisfies FieldRules;

/** What the browser can tell about a name before sending it, worded as the server would. */
const nameError = (name: string) =>
  name.trim() ? lengthError(name, rules.name) : fieldTexts.required(uiMessages.boardNameField);

/**
 * A project's boards, oldest first, each linking to its board with its issue count.
 * The lead or an admin adds boards, renames one in place and deletes one after typing its
 * name; the last board has no delete, as the server refuses it.
 */
export function ProjectBoards({ project, mayArrange }: { project: ProjectDto; mayArrange: boolean }) {
  const actions = useProjectBoards(project.key, project.id);
  const [renamingId, setRenamingId] = useState<string>();
  const lastOne = project.boards.length === 1;

  return (
    <section className={pageStyles.card} aria-labelledby="project-boards-title">
      <h2 id="project-boards-title" className={pageStyles.sectionTitle}>
        {uiMessages.boardsTitle(project.boards.length)}
      </h2>
      <ul className={styles.boards}>
        {project.boards.map((board) =>
          board.id === renamingId ? (
            <RenameBoardRow key={board.id} board={board} actions={actions} onDone={() => setRenamingId(undefined)} />
          ) : (
            <li key={board.id} className={styles.board} aria-label={board.name}>
              <Link className={styles.boardLink} to={`/boards/${encodeURIComponent(board.id)}`}>
                {board.name}
              </Link>
              <span className={styles.count}>{uiMessages.issueCount(board.issueCount)}</span>
              {mayArrange && (
                <span className={styles.boardActions}>
                  <button
                    type="button"
                    className={styles.renameButton}
                    aria-label={uiMessages.renameBoardLabel(board.name)}
                    onClick={() => setRenamingId(board.id)}
                  >
                    {uiMessages.renameBoard}
                  </button>
                  {!lastOne && (
                    <TypedConfirmDialog
                      trigger={
                        <button
                          type="button"
                          className={pageStyles.dangerButton}
                          aria-label={uiMessages.deleteBoardLabel(board.name)}
                        >
                          {uiMessages.deleteBoard}
                        </button>
                      }
                      title={uiMessages.deleteBoardTitle(board.name)}
                      warning={uiMessages.deleteBoardWarning}
                      phrase={board.name}
                      typeLabel={uiMessages.deleteBoardTypeName(board.name)}
                      confirmLabel={uiMessages.deleteBoardConfirm}
                      failed={uiMessages.deleteBoardFailed}
                      failedDefault={uiMessages.deleteBoardDefault}
                      onConfirm={() => actions.remove(board.id)}
                    />
                  )}
                </span>
              )}
            </li>
          ),
        )}
      </ul>
      {/* Why the one board has no Delete, for those who would otherwise look for it. */}
      {mayArrange && lastOne && <p className={`${styles.note} ${pageStyles.muted}`}>{uiMessages.lastBoard}</p>}
      {mayArrange && <NewBoardForm onCreate={actions.create} />}
    </section>
  );
}

/** Rename in place: Enter or Save sends the name, Escape or Cancel leaves it as it was. */
function RenameBoardRow({
  board,
  actions,
  onDone,
}: {
  board: ProjectBoardDto;
  actions: ProjectBoardActions;
  onDone: () => void;
}) {
  const [name, setName] = useState(board.name);
  const [refused, setRefused] = useState<FieldError>();
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const error = nameError(name) ?? refused?.text;
  const inputId = `rename-board-${board.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || nameError(name)) return;
    if (name.trim() === board.name) return onDone();
    setRefused(undefined);
    setProblem(undefined);
    setSaving(true);
    try {
      await actions.rename(board.id, name.trim());
      onDone();
    } catch (failure) {
      const atField = fieldErrorOf(failure, rules);
      if (atField) setRefused(atField);
      else setProblem(uiMessages.renameBoardFailed(errorReason(failure, uiMessages.renameBoardDefault)));
      setSaving(false);
    }
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !saving) onDone();
  };

  return (
    <li className={styles.board} aria-label={board.name}>
      <form className={styles.renameForm} onSubmit={submit} onKeyDown={escape} noValidate>
        {problem && (
          <div className={styles.fullRow}>
            <MessageBox tone="error">{problem}</MessageBox>
          </div>
        )}
        <label className={pageStyles.visuallyHidden} htmlFor={inputId}>
          {uiMessages.newBoardName(board.name)}
        </label>
        <input
          id={inputId}
          className={`${pageStyles.input} ${styles.nameInput}`}
          value={name}
          // Typed into straight away: the Rename button that opened it is gone.
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setRefused(undefined);
          }}
        />
        <button type="submit" className={pageStyles.primaryButton} disabled={saving || Boolean(nameError(name))}>
          {saving ? uiMessages.saving : uiMessages.save}
        </button>
        <button type="button" className={pageStyles.secondaryButton} disabled={saving} onClick={onDone}>
          {uiMessages.cancel}
        </button>
        {error && (
          <p id={`${inputId}-error`} className={`${pageStyles.fieldError} ${styles.fullRow}`}>
            {error}
          </p>
        )}
      </form>
    </li>
  );
}

/** New board: a name, then the board service makes it with the default columns. */
function NewBoardForm({ onCreate }: { onCreate: (name: string) => Promise<void> }) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [refused, setRefused] = useState<FieldError>();
  const [problem, setProblem] = useState<string>();
  const [adding, setAdding] = useState(false);
  // A blank name is said only once Add was tried; a name over the limit as it is typed.
  const error = (touched || name ? nameError(name) : undefined) ?? refused?.text;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (adding || nameError(name)) return;
    setRefused(undefined);
    setProblem(undefined);
    setAdding(true);
    try {
      await onCreate(name.trim());
      setName('');
      setTouched(false);
    } catch (failure) {
      const atField = fieldErrorOf(failure, rules);
      if (atField) setRefused(atField);
      else setProblem(uiMessages.createBoardFailed(errorReason(failure, uiMessages.createBoardDefault)));
    } finally {
      setAdding(false);
    }
  };

  return (
    <form className={styles.newForm} onSubmit={submit} noValidate>
      {problem && (
        <div className={styles.fullRow}>
          <MessageBox tone="error">{problem}</MessageBox>
        </div>
      )}
      <label className={pageStyles.visuallyHidden} htmlFor="new-board-name">
        {uiMessages.boardNameField}
      </label>
      <input
        id="new-board-name"
        className={`${pageStyles.input} ${styles.nameInput}`}
        placeholder={uiMessages.newBoardPlaceholder}
        value={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'new-board-name-error' : undefined}
        onChange={(event) => {
          setName(event.target.value);
          setRefused(undefined);
        }}
      />
      <button type="submit" className={pageStyles.primaryButton} disabled={adding}>
        {adding ? uiMessages.addingBoard : uiMessages.newBoard}
      </button>
      {error && (
        <p id="new-board-name-error" className={`${pageStyles.fieldError} ${styles.fullRow}`}>
          {error}
        </p>
      )}
    </form>
  );
}
