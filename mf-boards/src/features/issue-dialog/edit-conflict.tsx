import { useId, useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { mergeSeed, sideBySide, type DiffLine } from './line-diff';
import styles from './edit-conflict.module.css';
import dialog from './issue-dialog.module.css';

interface ConflictViewProps {
  /** The field as it is now, with their change. */
  theirs: string;
  /** The draft the server refused. */
  yours: string;
  /** What the edit began from: your changes since it are merged into theirs. */
  began: string;
  multiline: boolean;
  monospace?: boolean;
  saving: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
  onSaveMerge(text: string): void;
}

/** One side's text, line by line, the lines the other side lacks marked. */
function Side({
  title,
  lines,
  tone,
  monospace,
}: {
  title: string;
  lines: DiffLine[];
  tone: string;
  monospace?: boolean;
}) {
  const headingId = useId();
  return (
    <section className={styles.side} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.sideTitle}>
        {title}
      </h4>
      <div className={`${styles.lines} ${monospace ? dialog.mono : ''}`}>
        {lines.map((line, index) => (
          <div key={index} className={styles.line}>
            {line.changed ? <mark className={`${styles.changed} ${tone}`}>{line.text}</mark> : line.text || '\u00a0'}
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * A save refused because someone changed the field meanwhile: their text and yours, the lines
 * that differ marked, and a merge to edit (their text with your changes where they fit). Nothing
 * is overwritten until the person chooses: Keep mine, Take theirs, or Save merge.
 */
export function ConflictView(props: ConflictViewProps) {
  const { theirs, yours, began, multiline, monospace, saving } = props;
  const sides = sideBySide(theirs, yours);
  // Made once, when the view opens: from then on the merge is the person's own text.
  const [merge, setMerge] = useState(() => (multiline ? mergeSeed(began, theirs, yours) : yours));
  const mergeId = useId();
  const boxClass = `${dialog.input} ${monospace ? dialog.mono : ''}`;

  return (
    <div role="group" aria-label={uiMessages.resolveConflict} className={styles.conflict}>
      <p className={styles.help}>{uiMessages.conflictHelp}</p>
      <div className={styles.sides}>
        <Side title={uiMessages.theirs} lines={sides.theirs} tone={styles.theirs!} monospace={monospace} />
        <Side title={uiMessages.yours} lines={sides.yours} tone={styles.yours!} monospace={monospace} />
      </div>
      <label htmlFor={mergeId} className={styles.sideTitle}>
        {uiMessages.merge}
      </label>
      {multiline ? (
        <textarea
          id={mergeId}
          className={boxClass}
          rows={Math.min(12, merge.split('\n').length + 1)}
          value={merge}
          autoFocus
          onChange={(event) => setMerge(event.target.value)}
        />
      ) : (
        <input
          id={mergeId}
          className={boxClass}
          value={merge}
          autoFocus
          onChange={(event) => setMerge(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              props.onSaveMerge(merge);
            }
          }}
        />
      )}
      <div className={dialog.editActions}>
        <button type="button" className={dialog.button} onClick={props.onTakeTheirs} disabled={saving}>
          {uiMessages.takeTheirs}
        </button>
        <button type="button" className={dialog.button} onClick={props.onKeepMine} disabled={saving}>
          {uiMessages.keepMine}
        </button>
        <button
          type="button"
          className={dialog.primary}
          onClick={() => props.onSaveMerge(merge)}
          disabled={saving || !merge.trim()}
        >
          {uiMessages.saveMerge}
        </button>
      </div>
    </div>
  );
}
