import { Command } from 'cmdk';
import { uiMessages } from '../../ui-messages';
import type { PaletteCommand } from './shell-commands';
import styles from './command-palette.module.css';

/** A heading and its commands, each with the keys that do the same outside the palette. */
export function CommandGroup({
  heading,
  commands,
  onChoose,
}: {
  heading: string;
  commands: PaletteCommand[];
  onChoose(command: PaletteCommand): void;
}) {
  return (
    <Command.Group heading={heading} className={styles.group}>
      {commands.map((command) => (
        <Command.Item
          key={command.id}
          value={commandValue(command)}
          className={styles.item}
          onSelect={() => onChoose(command)}
        >
          <span className={styles.itemText}>
            <span className={styles.label}>{command.label}</span>
          </span>
          {command.current ? <span className={styles.hint}>{uiMessages.current}</span> : null}
          <Keys keys={command.hint ?? (command.shortcut ? [command.shortcut] : [])} />
        </Command.Item>
      ))}
    </Command.Group>
  );
}

/** A command's item value (cmdk's choice is kept by value). */
export const commandValue = (command: PaletteCommand) => `command:${command.id}`;

function Keys({ keys }: { keys: string[] }) {
  if (keys.length === 0) return null;
  return (
    <span className={styles.keys} aria-label={uiMessages.shortcutKeys(keys)}>
      {keys.map((key, index) => (
        <kbd key={key + index} className={styles.kbd}>
          {key}
        </kbd>
      ))}
    </span>
  );
}
