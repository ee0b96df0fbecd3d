import { Link } from 'react-router';
import styles from './not-authorized-page.module.css';

/** The 403 page at /not-authorized. */
export function NotAuthorizedPage() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>403 - Not Authorized</h1>
      <p className={styles.text}>You do not have the necessary permissions to access this page.</p>
      <Link className={styles.action} to="/dashboard">
        Go to Dashboard
      </Link>
    </main>
  );
}
