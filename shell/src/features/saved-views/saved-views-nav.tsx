import { savedViewPath, type SavedViewDto } from '@trackboard/contracts';
import { Link, useLocation } from 'react-router';
import { uiMessages } from '../../ui-messages';
import { useSavedViews } from './saved-views-api';
import styles from './saved-views-nav.module.css';

/**
 * The sidebar's "Views": the caller's saved views and their projects' shared ones, each a link
 * to its board address. Nothing is drawn while there are none (or they failed to load).
 */
export function SavedViewsNav({ onNavigate }: { onNavigate(): void }) {
  const views = useSavedViews();
  const { pathname, search } = useLocation();
  if (views.length === 0) return null;
  const here = pathname + search;
  return (
    <nav className={styles.views} aria-labelledby="saved-views-heading">
      <h2 id="saved-views-heading" className={styles.heading}>
        {uiMessages.views}
      </h2>
      <ul className={styles.list}>
        {views.map((view) => (
          <li key={view.id}>
            <Link
              to={savedViewPath(view)}
              className={styles.link}
              title={describe(view)}
              aria-current={savedViewPath(view) === here ? 'page' : undefined}
              onClick={onNavigate}
            >
              <span className={styles.name}>{view.name}</span>
              <span className={styles.project}>{view.projectKey}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const describe = (view: SavedViewDto) => uiMessages.viewTitle(view.name, view.projectKey, view.shared, view.authorName);
