import { isSafeLink, linkHref } from '@trackboard/contracts';
import styles from './issue-dialog.module.css';

/** The links field split into lines (split on newlines, trimmed, blanks dropped). */
export const splitLinks = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Links open in a new tab. An http(s) link is used as it is; anything else gets
 * "//" in front (linkHref), so a "javascript:" line can never become a script URL.
 */
export function LinksList({ links }: { links: string[] }) {
  return (
    <ul className={styles.links}>
      {links.map((link, index) => (
        <li key={`${index}-${link}`}>
          <a
            href={isSafeLink(link) ? link.trim() : linkHref(link)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => event.stopPropagation()}
          >
            {link}
          </a>
        </li>
      ))}
    </ul>
  );
}
