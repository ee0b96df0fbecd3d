import { Suspense, useEffect } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router';
import { MenuIcon } from './icons';
import { pageTitle } from './page-title';
import { Sidebar } from './sidebar';
import { useSidebar } from './use-sidebar';
import styles from './app-layout.module.css';

const sidebarId = 'app-sidebar';
/** The board view (mf_boards at `boards/*`); not /board/{key}, which only redirects to it. */
const boardViewPath = '/boards/:boardId';

/** The protected app shell (spec §2.14): header, collapsible sidebar, and the routed page. */
export function AppLayout() {
  const { pathname } = useLocation();
  const { isMobile, open, toggle, close } = useSidebar();
  const overlayOpen = isMobile && open;
  // The board view scrolls its columns sideways; the page itself must not scroll vertically.
  const boardPage = matchPath(boardViewPath, pathname) !== null;

  useEffect(() => {
    if (!overlayOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [overlayOpen, close]);

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <button
          type="button"
          className={styles.toggle}
          aria-label={open ? 'Close navigation' : 'Open navigation'}
          aria-expanded={open}
          aria-controls={sidebarId}
          onClick={toggle}
        >
          <MenuIcon />
        </button>
        <div className={styles.title}>{pageTitle(pathname)}</div>
      </header>
      <div className={styles.body}>
        <Sidebar id={sidebarId} open={open} overlay={isMobile} onNavigate={isMobile ? close : noop} />
        {overlayOpen && <div className={styles.backdrop} data-testid="sidebar-backdrop" onClick={close} />}
        <main className={styles.main} style={boardPage ? { overflowY: 'hidden' } : undefined}>
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

function noop() {}
