import { uiMessages } from '../../ui-messages';
import styles from './filter-bar.module.css';

interface FilterTextProps {
  value: string;
  onChange(text: string): void;
  /** Typing is over (focus left, Enter): the address takes the text now. */
  onDone(): void;
}

/**
 * The filter's text box: what is typed filters the board at once (the address follows when
 * typing pauses). The shell's `/` shortcut finds it by `data-board-filter`.
 */
export function FilterText({ value, onChange, onDone }: FilterTextProps) {
  return (
    <div className={styles.search}>
      <svg className={styles.searchIcon} viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M10.5 10.5L14 14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        role="searchbox"
        className={styles.searchInput}
        aria-label={uiMessages.filterIssues}
        placeholder={uiMessages.filterPlaceholder}
        data-board-filter=""
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onDone}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onDone();
        }}
      />
    </div>
  );
}
