import * as Select from '@radix-ui/react-select';
import { uiMessages } from '../../ui-messages';
import { useDialogReadOnly } from './read-only';
import styles from './issue-dialog.module.css';

interface StatusSelectProps {
  columnId: string | null;
  columns: { id: string; name: string }[];
  onChoose(columnId: string): void;
}

/**
 * The status dropdown: lists the board's columns; choosing one moves the issue
 * there. "Select Status" when the issue is in none of them; "No columns available." when the
 * board has none.
 */
export function StatusSelect({ columnId, columns, onChoose }: StatusSelectProps) {
  const current = columns.some((column) => column.id === columnId) ? (columnId as string) : '';
  // Read-only: it shows the column and does not open.
  const readOnly = useDialogReadOnly();
  return (
    <Select.Root
      value={current}
      disabled={readOnly}
      onValueChange={(next) => {
        if (next && next !== columnId) onChoose(next);
      }}
    >
      <Select.Trigger className={styles.selectTrigger} aria-label={uiMessages.fields.status}>
        <Select.Value placeholder={uiMessages.selectStatus} />
        {/* No arrow where nothing opens. */}
        {readOnly ? null : <Select.Icon aria-hidden>▾</Select.Icon>}
      </Select.Trigger>
      <Select.Portal>
        <Select.Content className={styles.selectContent} position="popper" sideOffset={4}>
          <Select.Viewport>
            {columns.length === 0 ? (
              <div className={styles.selectEmpty}>{uiMessages.noColumnsAvailable}</div>
            ) : (
              columns.map((column) => (
                <Select.Item key={column.id} value={column.id} className={styles.selectItem}>
                  <Select.ItemText>{column.name}</Select.ItemText>
                </Select.Item>
              ))
            )}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
