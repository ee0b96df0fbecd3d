import { labelColors, type IssueDto, type LabelDto } from '@trackboard/contracts';
import { Command } from 'cmdk';
import { useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { LabelChip, LabelSwatch } from '../../shared/label-chip';
import { FieldShell } from './field-shell';
import { PickerFrame } from './picker-frame';
import type { IssueFieldChanges } from '@trackboard/contracts';
import type { EditOutcome } from '../../shared/board-store';
import styles from './issue-dialog.module.css';
import picker from './pickers.module.css';

interface LabelsFieldProps {
  issue: IssueDto;
  /** The board's labels, by name. */
  labels: LabelDto[];
  onUpdate(changes: IssueFieldChanges): Promise<EditOutcome>;
  onCreateLabel(name: string, color: LabelDto['color']): Promise<LabelDto | { error: string }>;
}

/** A new label takes the palette's next colour, so labels made in a row are told apart. */
const nextColor = (labels: LabelDto[]) => labelColors[labels.length % labelColors.length]!;

/** The labels whose name holds the typed text, whatever its case; all of them for no text. */
const matching = (labels: LabelDto[], text: string) => {
  const wanted = text.toLowerCase();
  return labels.filter((label) => label.name.toLowerCase().includes(wanted));
};

/**
 * The issue's labels: chips, and a picker that searches the board's labels as you
 * type; choosing one adds or removes it at once; a name no label has can be created there and
 * then. One change at a time, so each is made on the issue as the last one left it.
 *
 * The list is filtered here, not by cmdk: cmdk scores an item by the keywords it had when its
 * value last changed, so a "Create" entry whose value stays put kept matching the first letter
 * typed and vanished at the second. Filtered here, the matching labels come first and "Create
 * label" last, and cmdk selects the first of them as the text changes, so Enter takes it.
 */
export function LabelsField({ issue, labels, onUpdate, onCreateLabel }: LabelsFieldProps) {
  const [editing, setEditing] = useState(false);
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const chosen = new Set(issue.labelIds ?? []);
  const shown = labels.filter((label) => chosen.has(label.id));
  const name = query.trim();
  const exists = labels.some((label) => label.name.toLowerCase() === name.toLowerCase());

  const setLabels = async (labelIds: string[]) => {
    setBusy(true);
    await onUpdate({ labelIds });
    setBusy(false);
  };
  const toggle = (labelId: string) =>
    void setLabels(chosen.has(labelId) ? [...chosen].filter((id) => id !== labelId) : [...chosen, labelId]);
  const create = async () => {
    setBusy(true);
    setError(null);
    const created = await onCreateLabel(name, nextColor(labels));
    setBusy(false);
    if ('error' in created) return setError(created.error);
    setQuery('');
    await setLabels([...chosen, created.id]);
    setAnnouncement(uiMessages.labelCreatedAndAdded(created.name));
  };

  return (
    <FieldShell
      label={uiMessages.fields.labels}
      editing={editing}
      onEdit={() => {
        setQuery('');
        setError(null);
        setAnnouncement('');
        setEditing(true);
      }}
      value={
        shown.length ? (
          <span className={picker.chips}>
            {shown.map((label) => (
              <LabelChip key={label.id} label={label} />
            ))}
          </span>
        ) : null
      }
    >
      {(labelId) => (
        <div>
          <PickerFrame
            label={uiMessages.fields.labels}
            labelId={labelId}
            placeholder={uiMessages.labelsPlaceholder}
            query={query}
            onQueryChange={setQuery}
            onClose={() => setEditing(false)}
            busy={busy}
            filtered
          >
            {labels.length === 0 && !name ? <div className={picker.pickerEmpty}>{uiMessages.noLabels}</div> : null}
            {matching(labels, name).map((label) => (
              <Command.Item
                key={label.id}
                className={picker.pickerItem}
                value={`label-${label.id}`}
                disabled={busy}
                aria-checked={chosen.has(label.id)}
                onSelect={() => toggle(label.id)}
              >
                <span className={picker.check} aria-hidden="true">
                  {chosen.has(label.id) ? '✓' : ''}
                </span>
                <LabelChip label={label} />
              </Command.Item>
            ))}
            {name && !exists ? (
              <Command.Item
                className={picker.pickerItem}
                value="create-label"
                disabled={busy}
                onSelect={() => void create()}
              >
                <LabelSwatch color={nextColor(labels)} />
                {uiMessages.createLabel(name)}
              </Command.Item>
            ) : null}
          </PickerFrame>
          {error ? (
            <p className={picker.pickerError} role="alert">
              {error}
            </p>
          ) : null}
          <p className={styles.visuallyHidden} role="status">
            {announcement}
          </p>
          <div className={styles.editActions}>
            <button type="button" className={styles.button} onClick={() => setEditing(false)}>
              {uiMessages.done}
            </button>
          </div>
        </div>
      )}
    </FieldShell>
  );
}
