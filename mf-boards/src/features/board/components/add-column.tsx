import { lengthError } from '@trackboard/web-kit';
import { useEffect, useRef, useState } from 'react';
import { columnMessages } from '../../../shared/board-store/column-messages';
import { columnFieldRules } from '../../../shared/board-store/column-model';
import { useBoardStore } from '../../../shared/board-store';
import { ColumnFieldForm } from './column-field-form';
import columnStyles from './columns.module.css';

/**
 * "+ Add column" after the board's last column (the lead or an admin): a name, Enter
 * saves (the column goes at the end), Escape cancels; the focus then comes back to the button.
 */
export function AddColumn() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    buttonRef.current?.focus();
  }, [open]);
  return (
    <div className={columnStyles.addColumn}>
      {open ? (
        <ColumnFieldForm
          label={columnMessages.addColumnForm}
          field="name"
          initial=""
          placeholder={columnMessages.newColumnPlaceholder}
          required
          check={(text) => lengthError(text, columnFieldRules.name)}
          onSave={(text) => useBoardStore.getState().addColumn(text)}
          onClose={() => {
            refocus.current = true;
            setOpen(false);
          }}
        />
      ) : (
        <button ref={buttonRef} type="button" className={columnStyles.addColumnButton} onClick={() => setOpen(true)}>
          {columnMessages.addColumn}
        </button>
      )}
    </div>
  );
}
