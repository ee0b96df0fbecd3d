import { Link, useLocation } from 'react-router';
import { uiMessages } from '../../ui-messages';
import { boardViews, viewOf, withView, type BoardView } from './view-param';
import styles from './view-switch.module.css';

/** How the board is shown, as the address says. */
export function useBoardView(): BoardView {
  return viewOf(useLocation().search);
}

const names: Record<BoardView, string> = {
  get board() {
    return uiMessages.viewBoard;
  },
  get list() {
    return uiMessages.viewList;
  },
  get calendar() {
    return uiMessages.viewCalendar;
  },
};

/**
 * "Board | List | Calendar": links, so each view has its address (opened in a new tab, kept by
 * Back), the shown one marked `aria-current`. The rest of the query (the filter, the list's sort
 * and grouping) goes along.
 */
export function ViewSwitch() {
  const { search } = useLocation();
  const current = viewOf(search);
  return (
    <nav className={styles.views} aria-label={uiMessages.boardViews}>
      {boardViews.map((view) => (
        <Link
          key={view}
          className={styles.view}
          to={{ search: withView(search, view) }}
          aria-current={view === current ? 'page' : undefined}
        >
          {names[view]}
        </Link>
      ))}
    </nav>
  );
}
