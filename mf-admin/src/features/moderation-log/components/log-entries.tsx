import type { ModerationLogEntryDto } from '@trackboard/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/user-fields';
import { uiMessages } from '../../../ui-messages';
import { accountName, actionName, reasonText } from '../log-words';
import styles from '../../../shared/admin-page.module.css';

const columns = uiMessages.logColumns;

/** The account acted on, a link that keeps only its rows. */
function AccountLink({ entry }: { entry: ModerationLogEntryDto }) {
  return (
    <Link className={styles.nameLink} to={{ search: `?userId=${encodeURIComponent(entry.user.id)}` }}>
      {accountName(entry.user)}
    </Link>
  );
}

/** Who did what to whom, when and why: one row per entry, newest first. */
export function LogTable({ entries }: { entries: ModerationLogEntryDto[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{columns.when}</th>
            <th scope="col">{columns.action}</th>
            <th scope="col">{columns.user}</th>
            <th scope="col">{columns.actor}</th>
            <th scope="col">{columns.reason}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDate(entry.createdAt)}</td>
              <td>{actionName(entry)}</td>
              <td>
                <AccountLink entry={entry} />
              </td>
              <td>{accountName(entry.actor)}</td>
              <td className={styles.wrapCell}>{reasonText(entry)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The same entries on a phone: a card each. */
export function LogCards({ entries }: { entries: ModerationLogEntryDto[] }) {
  return (
    <ul className={styles.cards} aria-label={uiMessages.logLabel}>
      {entries.map((entry) => (
        <li key={entry.id} className={styles.userCard}>
          <div className={styles.cardHead}>
            <span className={styles.cardName}>{actionName(entry)}</span>
          </div>
          <dl className={styles.cardFields}>
            <div>
              <dt>{columns.user}</dt>
              <dd>
                <AccountLink entry={entry} />
              </dd>
            </div>
            <div>
              <dt>{columns.actor}</dt>
              <dd>{accountName(entry.actor)}</dd>
            </div>
            <div>
              <dt>{columns.when}</dt>
              <dd>{formatDate(entry.createdAt)}</dd>
            </div>
            <div>
              <dt>{columns.reason}</dt>
              <dd>{reasonText(entry)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
