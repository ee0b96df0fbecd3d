import { fieldErrorFromMessage, lengthError, type FieldError, type FieldRules } from '@trackboard/web-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { uiMessages } from '../../../ui-messages';
import { issueFieldRules } from '../../../shared/board-store/issue-field-rules';
import { useBoardStore } from '../../../shared/board-store';
import styles from './board.module.css';
import fieldStyles from './add-issue-form.module.css';

interface AddIssueFormProps {
  columnName: string;
  /** Resolves true once the issue exists; the form then empties for the next one. */
  onAdd(title: string, description: string): Promise<boolean>;
}

/** This form's fields of the issue's rules: a 400 about another field stays the board's error. */
const rules = { title: issueFieldRules.title, description: issueFieldRules.description } satisfies FieldRules;

/**
 * After a refused add, the store's banner error when it is about one of this form's fields: the
 * form shows it at the field instead and clears the banner. The store's addIssue answers only
 * true/false and keeps the reason as the board's error, so the form takes it from there.
 */
function takeFieldError(): FieldError | undefined {
  const { error, dismissError } = useBoardStore.getState();
  const found = typeof error === 'string' ? fieldErrorFromMessage(error, rules) : undefined;
  if (found) dismissError();
  return found;
}

/**
 * "+ Add Issue" (spec §2.11, §5): a title and an optional description, Save disabled while
 * the title is blank, Enter without Shift in the title saves. A blank title cancels silently.
 * Over the server's limits, or refused by it, the field says why.
 *
 * Quick add: once an issue is added the form stays open, emptied, with the focus in
 * the title, so the next one can be typed at once. Cancel and Escape close it and drop what was
 * typed; a click outside closes it and keeps the draft for the next open (a stray click loses
 * nothing). A refused add keeps what was typed.
 */
export function AddIssueForm({ columnName, onAdd }: AddIssueFormProps) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<FieldError>();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!formRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const errors: Partial<Record<string, string>> = {
    title: lengthError(title, rules.title),
    description: lengthError(description, rules.description),
  };
  if (refused) errors[refused.field] ??= refused.text;
  const invalid = Boolean(errors.title || errors.description);

  const close = () => {
    setOpen(false);
    setTitle('');
    setDescription('');
    setRefused(undefined);
  };

  const save = async () => {
    if (saving || invalid) return;
    if (!title.trim()) {
      close();
      return;
    }
    setSaving(true);
    const sent = { title, description };
    try {
      if (await onAdd(title.trim(), description.trim())) {
        // Emptied for the next one, unless the next one was already being typed.
        setTitle((now) => (now === sent.title ? '' : now));
        setDescription((now) => (now === sent.description ? '' : now));
        setRefused(undefined);
        titleRef.current?.focus();
      } else setRefused(takeFieldError());
    } finally {
      setSaving(false);
    }
  };

  if (!open) {
    return (
      <button
        type="button"
        className={styles.addButton}
        onClick={() => setOpen(true)}
        aria-label={uiMessages.addIssueTo(columnName)}
        data-add-issue=""
      >
        {uiMessages.addIssue}
      </button>
    );
  }

  const errorId = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  const errorLine = (field: string) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={fieldStyles.fieldError}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      ref={formRef}
      className={styles.addForm}
      aria-label={uiMessages.newIssueIn(columnName)}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={`${id}-title`} className={styles.visuallyHidden}>
        {uiMessages.issueTitleLabel}
      </label>
      <input
        ref={titleRef}
        id={`${id}-title`}
        className={fieldStyles.input}
        placeholder={uiMessages.issueTitlePlaceholder}
        value={title}
        autoFocus
        aria-invalid={errors.title ? true : undefined}
        aria-describedby={errorId('title')}
        onChange={(event) => {
          setTitle(event.target.value);
          if (refused?.field === 'title') setRefused(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void save();
          } else if (event.key === 'Escape') {
            close();
          }
        }}
      />
      {errorLine('title')}
      <label htmlFor={`${id}-description`} className={styles.visuallyHidden}>
        {uiMessages.issueDescriptionLabel}
      </label>
      <textarea
        id={`${id}-description`}
        className={fieldStyles.input}
        placeholder={uiMessages.issueDescriptionPlaceholder}
        rows={3}
        value={description}
        aria-invalid={errors.description ? true : undefined}
        aria-describedby={errorId('description')}
        onChange={(event) => {
          setDescription(event.target.value);
          if (refused?.field === 'description') setRefused(undefined);
        }}
      />
      {errorLine('description')}
      <div className={styles.formActions}>
        <button type="button" className={styles.button} onClick={close}>
          {uiMessages.cancel}
        </button>
        <button type="submit" className={styles.primary} disabled={!title.trim() || saving || invalid}>
          {uiMessages.save}
        </button>
      </div>
    </form>
  );
}
