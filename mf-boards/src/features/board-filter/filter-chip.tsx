import { uiMessages } from '../../ui-messages';
import styles from './filter-bar.module.css';

/** One active choice, with the button that takes it out. */
export function FilterChip({ text, onRemove }: { text: string; onRemove(): void }) {
  return (
    <li className={styles.chip}>
      <span className={styles.chipText}>{text}</span>
      <button type="button" className={styles.chipRemove} aria-label={uiMessages.removeFilter(text)} onClick={onRemove}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
