import * as Select from '@radix-ui/react-select';
import type { ReactNode } from 'react';
import { useDialogReadOnly } from './read-only';
import styles from './issue-dialog.module.css';
import propertyStyles from './properties.module.css';

interface ChoiceSelectProps<Value extends string> {
  label: string;
  value: Value;
  /** A disabled choice shows where the issue stands but cannot be chosen again (an ended cycle). */
  choices: readonly { value: Value; name: string; icon?: ReactNode; disabled?: boolean }[];
  onChoose(value: Value): void;
}

/** A dropdown of fixed choices (the type, priority, cycle); choosing another one saves it. */
export function ChoiceSelect<Value extends string>({ label, value, choices, onChoose }: ChoiceSelectProps<Value>) {
  // Read-only: it shows the choice and does not open.
  const readOnly = useDialogReadOnly();
  return (
    <Select.Root
      value={value}
      disabled={readOnly}
      onValueChange={(next) => {
        if (next && next !== value) onChoose(next as Value);
      }}
    >
      <Select.Trigger className={`${styles.selectTrigger} ${propertyStyles.propertyTrigger}`} aria-label={label}>
        <Select.Value />
        {/* No arrow where nothing opens. */}
        {readOnly ? null : <Select.Icon aria-hidden>▾</Select.Icon>}
      </Select.Trigger>
      <Select.Portal>
        <Select.Content className={styles.selectContent} position="popper" sideOffset={4}>
          <Select.Viewport>
            {choices.map((choice) => (
              <Select.Item
                key={choice.value}
                value={choice.value}
                disabled={choice.disabled}
                className={styles.selectItem}
              >
                <Select.ItemText>
                  <span className={propertyStyles.choice}>
                    {choice.icon}
                    {choice.name}
                  </span>
                </Select.ItemText>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
