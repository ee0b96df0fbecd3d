import { kitText } from '../i18n/kit-messages';
import styles from './spinner.module.css';

/** A centred busy indicator; `label` is what assistive technology announces. */
export function Spinner({ label = kitText('loading') }: { label?: string }) {
  return (
    <div className={styles.wrap} role="status" aria-label={label}>
      <div className={styles.spinner} />
    </div>
  );
}
