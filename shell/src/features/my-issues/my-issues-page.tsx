import { issuePriorities, issueStatuses, issueTypes } from '@trackboard/contracts';
import { MessageBox } from '@trackboard/web-kit';
import { priorityNames, statusLabel, typeNames } from '@trackboard/web-kit/issue-names';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { uiMessages } from '../../ui-messages';
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

const fieldNames = (): Record<FilterField, string> => ({
  status: uiMessages.status,
  priority: uiMessages.priority,
  type: uiMessages.type,
  project: uiMessages.project,
});

const groupingNames = (): Record<Grouping, { name: string; label: string }> => ({
  project: { name: uiMessages.project, label: uiMessages.groupByProject },
  status: { name: uiMessages.status, label: uiMessages.groupByStatus },
});

/** What the list holds, in words (a polite live region). */
function summary(total: number, filtered: boolean): string {
  if (!filtered) return total === 0 ? uiMessages.noOpenAssigned : uiMessages.openIssuesAssigned(total);
  return total === 0 ? uiMessages.noAssignedMatch : uiMessages.issuesMatchFilters(total);
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
  const names = fieldNames();
  const groupNames = groupingNames();

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{uiMessages.myIssues}</h1>
      <div className={styles.bar} role="group" aria-label={uiMessages.filterMyIssues}>
        {filterFields.map((field) => (
          <ChoiceMenu
            key={field}
            name={names[field]}
            choices={choices[field]}
            chosen={filter[field]}
            onToggle={(value) => toggle(field, value)}
          />
        ))}
        {filtered ? (
          <button type="button" className={styles.clear} onClick={() => show({ ...emptyFilter, group: filter.group })}>
            {uiMessages.clearFilters}
          </button>
        ) : null}
      </div>
      <div className={styles.grouping} role="group" aria-label={uiMessages.groupBy}>
        <span className={styles.groupingLabel} aria-hidden="true">
          {uiMessages.groupBy}
        </span>
        {groupings.map((group) => (
          <button
            key={group}
            type="button"
            aria-pressed={filter.group === group}
            aria-label={groupNames[group].label}
            className={styles.groupingChoice}
            onClick={() => show({ ...filter, group })}
          >
            {groupNames[group].name}
          </button>
        ))}
      </div>
      <p className={styles.summary} role="status">
        {list.error ? '' : list.loaded ? summary(list.total, filtered) : uiMessages.loading}
      </p>
      {list.error ? <MessageBox tone="error">{uiMessages.myIssuesLoadFailed(list.error)}</MessageBox> : null}
      {list.issues.length > 0 ? (
        <div className={styles.card}>
          <AssignedGroups issues={list.issues} by={filter.group} headingLevel={2} />
          {list.more ? (
            <div className={styles.more}>
              <span className={styles.moreText}>{uiMessages.showingOf(list.issues.length, list.total)}</span>
              <button type="button" className={styles.moreButton} disabled={list.loading} onClick={list.showMore}>
                {list.loading ? uiMessages.loading : uiMessages.showMoreIssues}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
