import type { LabelDto } from '@trackboard/contracts';
import styles from './label-chip.module.css';

/** A label as a small coloured chip (its colour one of the palette's names, mapped in CSS). */
export function LabelChip({ label, className }: { label: Pick<LabelDto, 'name' | 'color'>; className?: string }) {
  return (
    <span className={`${styles.chip} ${styles[label.color] ?? styles.gray} ${className ?? ''}`} title={label.name}>
      <span className={styles.name}>{label.name}</span>
    </span>
  );
}

/** The swatch of a palette colour (the label picker's "create" choice). */
export function LabelSwatch({ color }: { color: LabelDto['color'] }) {
  return <span className={`${styles.dot} ${styles[color] ?? styles.gray}`} aria-hidden="true" />;
}
