import { useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { draftStore } from '../../shared/draft-store';
import type { EditOutcome } from '../../shared/board-store';
import styles from './issue-dialog.module.css';

/** Where an edit began: the version and the field's value then. */
export type EditBasis = { version: number; value: string };

interface ClickToEditOptions {
  /** The field as the issue has it now (live: another person's change shows up here). */
  value: string;
  /** The version now. */
  version: number;
  /** Saves `next`, made from `startedFrom`: 'conflict' when the field changed since. */
  onSave(next: string, startedFrom: EditBasis): Promise<EditOutcome>;
  /** Turns the draft into what is saved, or null when there is nothing to save. */
  prepare?: (draft: string) => string | null;
  /** Where an unsaved draft is kept in this browser until saved or discarded; none: not kept. */
  draftKey?: string;
}

/**
 * The click-to-edit cycle shared by the dialog's title and fields. The editor starts
 * from the value as loaded now (§4.8) and remembers that start: the save carries it, a change to
 * the field meanwhile is seen at once (`changedSince`), and a save the server refuses because of
 * one (409) opens the conflict view instead of closing. An unchanged value closes without a call;
 * a failure keeps the editor open. Escape leaves (`leave`), asking first when there are changes.
 */
export function useClickToEdit({ value, version, onSave, prepare = (d) => d, draftKey }: ClickToEditOptions) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraftText] = useState(value);
  const [basis, setBasis] = useState<EditBasis>({ version, value });
  const [saving, setSaving] = useState(false);
  const [conflicted, setConflicted] = useState(false);
  const [asking, setAsking] = useState(false);
  const [restored, setRestored] = useState(false);

  const keep = (text: string, from: EditBasis) => {
    if (!draftKey) return;
    if (text === from.value) draftStore.drop(draftKey);
    else draftStore.write(draftKey, { text, version: from.version, base: from.value });
  };
  const begin = (text: string, from: EditBasis, fromStorage: boolean) => {
    setDraftText(text);
    setBasis(from);
    setRestored(fromStorage);
    setConflicted(false);
    setAsking(false);
  };
  const finish = () => {
    if (draftKey) draftStore.drop(draftKey);
    setEditing(false);
    setConflicted(false);
    setAsking(false);
    setRestored(false);
  };

  const start = () => {
    const kept = draftKey ? draftStore.read(draftKey) : null;
    if (kept) begin(kept.text, { version: kept.version, value: kept.base }, true);
    else begin(value, { version, value }, false);
    setEditing(true);
  };
  const setDraft = (text: string) => {
    setDraftText(text);
    keep(text, basis);
  };
  /** The kept draft is not wanted: the editor starts again from the value now. */
  const discardDraft = () => {
    if (draftKey) draftStore.drop(draftKey);
    begin(value, { version, value }, false);
  };

  const send = async (next: string, from: EditBasis) => {
    setSaving(true);
    const outcome = await onSave(next, from);
    setSaving(false);
    if (outcome === 'saved') finish();
    if (outcome === 'conflict') setConflicted(true);
  };
  const save = async () => {
    const next = prepare(draft);
    if (next === null) return;
    // Nothing of mine to save: what is there stays.
    if (next === value || next === basis.value) return finish();
    await send(next, basis);
  };
  /** After a conflict: `text` (mine, or the merge) over theirs, on the version shown now. */
  const resolveWith = async (text: string) => {
    const next = prepare(text);
    if (next === null) return;
    if (next === value) return finish();
    await send(next, { version, value });
  };

  /** Enter saves (single-line editors). */
  const saveOnEnter = (event: { key: string; preventDefault(): void }) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    }
  };

  return {
    editing,
    draft,
    setDraft,
    saving,
    /** What the editor began from (the draft's own start, when a kept draft came back). */
    basis,
    /** Someone changed the field since the editor began. */
    changedSince: editing && !saving && value !== basis.value,
    /** A save was refused because of that change: the conflict view is open. */
    conflicted,
    /** "Discard your changes?" is asked. */
    asking,
    /** The editor holds a kept draft. */
    restored,
    start,
    /** Cancel: the edit goes, asked nothing. */
    cancel: finish,
    /** Escape: leaves the editor, asking first when there is something to lose. */
    leave: () => (draft !== basis.value ? setAsking(true) : finish()),
    keepEditing: () => setAsking(false),
    discardDraft,
    save,
    keepMine: () => resolveWith(draft),
    saveMerge: resolveWith,
    takeTheirs: finish,
    saveOnEnter,
  };
}
export type ClickToEdit = ReturnType<typeof useClickToEdit>;

/** Cancel and Save under an editor. */
export function EditActions({
  saving,
  canSave = true,
  onCancel,
  onSave,
}: {
  saving: boolean;
  canSave?: boolean;
  onCancel(): void;
  onSave(): void;
}) {
  return (
    <div className={styles.editActions}>
      <button type="button" className={styles.button} onClick={onCancel} disabled={saving}>
        {uiMessages.cancel}
      </button>
      <button type="button" className={styles.primary} onClick={onSave} disabled={saving || !canSave}>
        {uiMessages.save}
      </button>
    </div>
  );
}
