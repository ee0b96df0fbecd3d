import type { AccountStatus } from '@trackboard/contracts';
import { uiMessages } from '../../../ui-messages';
import styles from '../../../shared/admin-page.module.css';

const all = 'ALL';
/** In the order of the issue: the accounts in use first, then those on their way in, then those kept out. */
const filterOrder: readonly AccountStatus[] = [
  'ACTIVE',
  'PENDING_VERIFICATION',
  'PENDING_APPROVAL',
  'REJECTED',
  'SUSPENDED',
];

/** Every account, or those in one status. */
export function StatusFilter({
  status,
  onChange,
}: {
  status: AccountStatus | null;
  onChange(status: AccountStatus | null): void;
}) {
  return (
    <div className={styles.filter}>
      <label htmlFor="admin-status-filter">{uiMessages.statusFilterLabel}</label>
      <select
        id="admin-status-filter"
        className={styles.select}
        value={status ?? all}
        onChange={(event) => {
          const chosen = filterOrder.find((s) => s === event.target.value);
          onChange(chosen ?? null);
        }}
      >
        <option value={all}>{uiMessages.allStatuses}</option>
        {filterOrder.map((s) => (
          <option key={s} value={s}>
            {uiMessages.statuses[s]}
          </option>
        ))}
      </select>
    </div>
  );
}
