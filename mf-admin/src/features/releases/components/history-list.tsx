import type { ReleaseChangeDto } from '@trackboard/contracts';
import { useMediaQuery } from '@trackboard/web-kit';
import { mobileQuery } from '../../../shared/pagination-bar';
import { formatDate } from '../../../shared/user-fields';
import { uiMessages } from '../../../ui-messages';
import { remoteLabel } from '../release-rules';
import pageStyles from '../../../shared/admin-page.module.css';

const columns = uiMessages.historyColumns;

/** "1.2.0 → 1.3.0"; a canary started or ended has "None" on one side. */
const changeText = (entry: ReleaseChangeDto) =>
  uiMessages.fromTo(entry.from ?? uiMessages.noVersion, entry.to ?? uiMessages.noVersion);
const shareText = (entry: ReleaseChangeDto) =>
  entry.share === null ? uiMessages.notAvailable : uiMessages.percent(entry.share);

/** Who changed which remote's release, when, from what to what; newest first. */
function HistoryTable({ entries, labelledBy }: { entries: ReleaseChangeDto[]; labelledBy: string }) {
  return (
    <div className={pageStyles.tableWrap}>
      <table className={pageStyles.table} aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{columns.when}</th>
            <th scope="col">{columns.by}</th>
            <th scope="col">{columns.remote}</th>
            <th scope="col">{columns.what}</th>
            <th scope="col">{columns.change}</th>
            <th scope="col">{columns.share}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDate(entry.at)}</td>
              <td>{entry.by.name}</td>
              <td>{remoteLabel(entry.remote)}</td>
              <td>{uiMessages.changeKinds[entry.what]}</td>
              <td>{changeText(entry)}</td>
              <td>{shareText(entry)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The same changes on a phone: a card each, its fields as labelled lines. */
function HistoryCards({ entries, labelledBy }: { entries: ReleaseChangeDto[]; labelledBy: string }) {
  return (
    <ul className={pageStyles.cards} aria-labelledby={labelledBy}>
      {entries.map((entry) => (
        <li key={entry.id} className={pageStyles.userCard}>
          <div className={pageStyles.cardHead}>
            <span className={pageStyles.cardName}>
              {remoteLabel(entry.remote)}: {uiMessages.changeKinds[entry.what]}
            </span>
          </div>
          <dl className={pageStyles.cardFields}>
            <div>
              <dt>{columns.change}</dt>
              <dd>{changeText(entry)}</dd>
            </div>
            <div>
              <dt>{columns.share}</dt>
              <dd>{shareText(entry)}</dd>
            </div>
            <div>
              <dt>{columns.by}</dt>
              <dd>{entry.by.name}</dd>
            </div>
            <div>
              <dt>{columns.when}</dt>
              <dd>{formatDate(entry.at)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The release history, under the remotes: a table, or cards below 768px. */
export function HistoryList({ entries, labelledBy }: { entries: ReleaseChangeDto[]; labelledBy: string }) {
  const mobile = useMediaQuery(mobileQuery);
  if (entries.length === 0) return <p className={pageStyles.empty}>{uiMessages.noReleaseChanges}</p>;
  const Entries = mobile ? HistoryCards : HistoryTable;
  return <Entries entries={entries} labelledBy={labelledBy} />;
}
