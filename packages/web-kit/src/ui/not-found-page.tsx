import { useNavigate } from 'react-router';
import { kitText } from '../i18n/kit-messages';
import styles from './not-found-page.module.css';

/**
 * The 404 page. The shell draws it for unknown paths, and a remote for an
 * unknown path under its own mount (e.g. /admin/anything), so both live here.
 */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 className={styles.code}>404</h1>
      <p id="not-found-title" className={styles.title}>
        {kitText('pageNotFound')}
      </p>
      <button type="button" className={styles.home} onClick={() => navigate('/')}>
        {kitText('goHome')}
      </button>
    </section>
  );
}
