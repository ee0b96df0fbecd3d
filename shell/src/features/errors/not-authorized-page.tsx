import { Link } from 'react-router';
import { uiMessages } from '../../ui-messages';
import styles from './not-authorized-page.module.css';

/** The 403 page at /not-authorized. */
export function NotAuthorizedPage() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{uiMessages.notAuthorizedHeading}</h1>
      <p className={styles.text}>{uiMessages.forbidden}</p>
      <Link className={styles.action} to="/dashboard">
        {uiMessages.goToDashboard}
      </Link>
    </main>
  );
}
