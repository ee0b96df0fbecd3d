import { useState } from 'react';
import styles from './issue-list.module.css';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A row's menu whose choices are made only once it may be used (the pointer over it, the focus
 * on it): until then it holds the chosen one alone, and reads and looks the same. A list scrolling
 * through thousands of rows then mounts one option per menu instead of a whole team's names.
 */
export function DeferredSelect({
  value,
  label,
  tabIndex,
  chosen,
  choices,
  onChoose,
}: {
  value: string;
  label: string;
  tabIndex: number;
  /** The chosen value's choice, shown until the others are made. */
  chosen: Choice;
  choices(): Choice[];
  onChoose(value: string): void;
}) {
  const [ready, setReady] = useState(false);
  const make = () => setReady(true);
  const shown = ready ? choices() : [chosen];
  return (
    <select
      className={styles.select}
      aria-label={label}
      tabIndex={tabIndex}
      value={value}
      onPointerEnter={make}
      onPointerDown={make}
      onFocus={make}
      onChange={(event) => onChoose(event.target.value)}
    >
      {shown.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
