import type { LabelDto } from '@trackboard/contracts';
import { useLayoutEffect, useRef, useState } from 'react';
import { LabelChip } from '../../shared/label-chip';
import { DeleteLabelForm } from './delete-label-form';
import { LabelColourForm } from './label-colour-form';
import { labelMessages } from './label-messages';
import { LabelNameForm } from './label-name-form';
import { deleteLabelUndoably } from '../../shared/board-store';
import { deleteLabel, updateLabel } from './label-writes';
import styles from './board-settings.module.css';

type Mode = 'view' | 'rename' | 'colour' | 'delete';

interface LabelRowProps {
  label: LabelDto;
  /** How many issues carry it; undefined while not known. */
  issueCount: number | undefined;
  readOnly: boolean;
  /** Something done, for the polite live region. */
  onDone(notice: string): void;
  /** Deleted: the list moves the focus on. */
  onDeleted(labelId: string): void;
}

/**
 * One label: its chip and count, and Rename, Colour and Delete, each opening its form in the row
 * (one at a time). Enter saves, Escape cancels; the focus comes back to the button that opened it.
 */
export function LabelRow({ label, issueCount, readOnly, onDone, onDeleted }: LabelRowProps) {
  const [mode, setMode] = useState<Mode>('view');
  const opener = useRef<Mode | null>(null);
  const buttons = useRef<Partial<Record<Mode, HTMLButtonElement | null>>>({});

  useLayoutEffect(() => {
    if (mode !== 'view' || !opener.current) return;
    buttons.current[opener.current]?.focus();
    opener.current = null;
  }, [mode]);

  const close = (from: Mode) => {
    opener.current = from;
    setMode('view');
  };
  const count = issueCount === undefined ? null : labelMessages.issueCount(issueCount);

  return (
    <li className={styles.labelRow} data-label-id={label.id}>
      <div className={styles.labelLine}>
        {mode === 'rename' ? (
          <LabelNameForm
            label={label}
            onSave={async (name) => {
              const refused = await updateLabel(label.id, { name });
              if (refused === null) onDone(labelMessages.renamed(label.name, name));
              return refused;
            }}
            onClose={() => close('rename')}
          />
        ) : (
          <>
            <span className={styles.labelName}>
              <LabelChip label={label} className={styles.bigChip} />
            </span>
            {count ? <span className={styles.labelCount}>{count}</span> : null}
            {readOnly ? null : (
              <span className={styles.labelActions}>
                {rowButton('rename', labelMessages.rename, labelMessages.renameLabel(label.name))}
                {rowButton('colour', labelMessages.recolour, labelMessages.recolourLabel(label.name))}
                {rowButton('delete', labelMessages.delete, labelMessages.deleteLabel(label.name))}
              </span>
            )}
          </>
        )}
      </div>
      {mode === 'colour' ? (
        <LabelColourForm
          label={label}
          onSave={async (color) => {
            const refused = await updateLabel(label.id, { color });
            if (refused === null) onDone(labelMessages.recoloured(label.name, color));
            return refused;
          }}
          onClose={() => close('colour')}
        />
      ) : null}
      {mode === 'delete' ? (
        <DeleteLabelForm
          label={label}
          issueCount={issueCount}
          onDelete={async () => {
            const refused = await deleteLabelUndoably(label, () => deleteLabel(label));
            if (refused === null) {
              onDone(labelMessages.deleted(label.name));
              onDeleted(label.id);
            }
            return refused;
          }}
          onClose={() => close('delete')}
        />
      ) : null}
    </li>
  );

  /** A row's button: the visible word, and a name that says which label (the word leads it). */
  function rowButton(opens: Mode, text: string, name: string) {
    return (
      <button
        ref={(node) => {
          buttons.current[opens] = node;
        }}
        type="button"
        className={opens === 'delete' ? styles.dangerButton : styles.button}
        aria-label={name}
        aria-expanded={mode === opens}
        onClick={() => (mode === opens ? close(opens) : setMode(opens))}
      >
        {text}
      </button>
    );
  }
}
