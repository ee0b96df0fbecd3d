import { Link } from 'react-router';
import { kitText } from '../i18n/kit-messages';
import styles from './breadcrumb.module.css';

/** One step of the trail: a place to go back to (`to`), or, last, the page itself. */
export type Crumb = { label: string; to?: string };

/**
 * Where a page sits (the board had no way back to its project): a navigation
 * landmark named "Breadcrumb" holding an ordered list, each step a link but the last, which
 * is the current page. The "›" between steps is drawn for the eye and hidden from readers,
 * for whom the list already says the order.
 */
export function Breadcrumb({ items, className }: { items: Crumb[]; className?: string }) {
  return (
    <nav
      aria-label={kitText('breadcrumb')}
      className={className ? `${styles.breadcrumb} ${className}` : styles.breadcrumb}
    >
      <ol className={styles.list}>
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className={styles.step}>
              {index > 0 ? (
                <span className={styles.separator} aria-hidden="true">
                  ›
                </span>
              ) : null}
              {current || !item.to ? (
                <span className={styles.here} aria-current={current ? 'page' : undefined}>
                  {item.label}
                </span>
              ) : (
                <Link className={styles.link} to={item.to}>
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
