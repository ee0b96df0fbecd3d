import { useId, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useBoardView } from '../issue-list';
import { groupByOf, laneFields, withGroupBy, type LaneField } from './group-by-param';
import { groupByTexts } from './group-by-texts';
import styles from './view-controls.module.css';

/** The lanes the address asks for (`?groupBy=`), or null: the columns as they are. */
export function useGroupBy(): LaneField | null {
  return groupByOf(useLocation().search);
}

/**
 * The view switch (`children`) and, while the board shows its columns, "Group" beside it: None,
 * Assignee, Priority or Label. A choice is a step in the history, as a view or a filter choice
 * is, so Back undoes it. The list groups its rows with its own control.
 */
export function ViewControls({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const onBoard = useBoardView() === 'board';
  // One line, at its own height in the page's column; on a phone the word "Group" is only read
  // out, so the select fits beside the switch and the columns keep the screen's height (the
  // stylesheet carries no comment: the cold board's CSS ships as it is written).
  return (
    <div className={styles.controls}>
      {children}
      {onBoard ? (
        <span className={styles.group}>
          <label htmlFor={id}>{groupByTexts.group}</label>
          <select
            id={id}
            className={styles.select}
            value={groupByOf(search) ?? ''}
            onChange={(event) =>
              navigate({ search: withGroupBy(search, (event.target.value || null) as LaneField | null) })
            }
          >
            <option value="">{groupByTexts.none}</option>
            {laneFields.map((field) => (
              <option key={field} value={field}>
                {groupByTexts.fields[field]}
              </option>
            ))}
          </select>
        </span>
      ) : null}
    </div>
  );
}
