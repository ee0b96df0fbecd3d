import { issuePriorities, issueStatuses, issueTypes } from '@trackboard/contracts';
import { MessageBox } from '@trackboard/web-kit';
import { priorityNames, statusLabel, typeNames } from '@trackboard/web-kit/issue-names';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AssignedGroups } from '../issues/assigned-groups';
import { ChoiceMenu, type Choice } from './choice-menu';
import {
  emptyFilter,
  filterFields,
  groupings,
  isFiltered,
  parseFilter,
  toggled,
  writeFilter,
  type FilterField,
  type Grouping,
  type MyIssuesFilter,
} from './my-issues-filter';
import { useAssignedPages } from './use-assigned-pages';
import styles from './my-issues-page.module.css';

const fieldNames: Record<FilterField, string> = {
  status: 'Status',
  priority: 'Priority',
  type: 'Type',
  project: 'Project',
};

const groupingNames: Record<Grouping, string> = { project: 'Project', status: 'Status' };

const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** What the list holds, in words (a polite live region). */
function summary(total: number, filtered: boolean): string {
  if (!filtered)
    return total === 0
      ? 'No open issues are assigned to you.'
      : `${plural(total, 'open issue', 'open issues')} assigned to you`;
  return total === 0
    ? 'No assigned issue matches these filters.'
    : `${plural(total, 'issue matches', 'issues match')} these filters`;
}

/**
 * My Issues, /my-issues (the dashboard's "View all"): every issue assigned to the user, grouped
 * by project or by status (`group=status`), the open ones unless a status is chosen; filtered by status, priority, type and
 * project, the choices kept in the address (my-issues-filter.ts).
 */
export default function MyIssuesPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const filter = useMemo(() => parseFilter(search), [search]);
  const list = useAssignedPages(filter);
  const filtered = isFiltered(filter);

  const choices: Record<FilterField, Choice[]> = {
    status: issueStatuses.map((value) => ({ value, label: statusLabel(value) })),
    priority: issuePriorities.map((value) => ({ value, label: priorityNames[value] })),
    type: issueTypes.map((value) => ({ value, label: typeNames[value] })),
    project: list.projects.map((project) => ({ value: project.key, label: project.name })),
  };
  // Each choice replaces the address rather than adding to history: Back leaves the page.
  const show = (next: MyIssuesFilter) => navigate({ search: writeFilter(next) }, { replace: true });
  const toggle = (field: FilterField, value: string) =>
    show({ ...filter, [field]: toggled(filter[field] as string[], value) });

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>My Issues</h1>
      <div className={styles.bar} role="group" aria-label="Filter my issues">
        {filterFields.map((field) => (
          <ChoiceMenu
            key={field}
            name={fieldNames[field]}
            choices={choices[field]}
            chosen={filter[field]}
            onToggle={(value) => toggle(field, value)}
          />
        ))}
        {filtered ? (
          <button type="button" className={styles.clear} onClick={() => show({ ...emptyFilter, group: filter.group })}>
            Clear filters
          </button>
        ) : null}
      </div>
      <div className={styles.grouping} role="group" aria-label="Group by">
        <span className={styles.groupingLabel} aria-hidden="true">
          Group by
        </span>
        {groupings.map((group) => (
          <button
            key={group}
            type="button"
            aria-pressed={filter.group === group}
            aria-label={`Group by ${groupingNames[group].toLowerCase()}`}
            className={styles.groupingChoice}
            onClick={() => show({ ...filter, group })}
          >
            {groupingNames[group]}
          </button>
        ))}
      </div>
      <p className={styles.summary} role="status">
        {list.error ? '' : list.loaded ? summary(list.total, filtered) : 'Loading…'}
      </p>
      {list.error ? <MessageBox tone="error">{`Could not load your issues: ${list.error}`}</MessageBox> : null}
      {list.issues.length > 0 ? (
        <div className={styles.card}>
          <AssignedGroups issues={list.issues} by={filter.group} headingLevel={2} />
          {list.more ? (
            <div className={styles.more}>
              <span className={styles.moreText}>
                Showing {list.issues.length.toLocaleString()} of {list.total.toLocaleString()}
              </span>
              <button type="button" className={styles.moreButton} disabled={list.loading} onClick={list.showMore}>
                {list.loading ? 'Loading…' : 'Show more issues'}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
