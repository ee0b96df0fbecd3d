import { lazy, Suspense, useEffect, useState } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router';
import { dialogShowing } from '../features/shortcuts/key-targets';
import { uiMessages } from '../ui-messages';
import { MenuIcon, SearchIcon } from './icons';
import { KeyboardLayer, type KeyboardOverlay } from './keyboard-layer';
import { pageTitle } from './page-title';
import { Sidebar } from './sidebar';
import { useSidebar } from './use-sidebar';
import styles from './app-layout.module.css';

// The bell (its count, store and socket feed) loads beside the page, not with the shell: signed-out
// pages (/login) never draw it. Its place is kept while it loads, so the header does not shift.
const NotificationBell = lazy(
  () => import(/* webpackChunkName: "notification-bell" */ '../features/notifications/notification-bell'),
);

const sidebarId = 'app-sidebar';
/**
 * The board view (mf_boards at `boards/*`), with or without an issue's dialog open; not
 * /board/{key}, which only redirects to it.
 */
const boardViewPaths = ['/boards/:boardId', '/boards/:boardId/issues/:key'];

/** The protected app shell: header, collapsible sidebar, and the routed page. */
export function AppLayout() {
  const { pathname } = useLocation();
  const { isMobile, open, toggle, close } = useSidebar();
  const overlayOpen = isMobile && open;
  const [keyboardOverlay, setKeyboardOverlay] = useState<KeyboardOverlay>(null);
  // The board view scrolls its columns sideways; the page itself must not scroll vertically.
  const boardPage = boardViewPaths.some((path) => matchPath(path, pathname) !== null);

  useEffect(() => {
    if (!overlayOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      // Escape closes the topmost thing only: a dialog over the sidebar closes by itself.
      if (event.key === 'Escape' && dialogShowing(false) === 'none') close();
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
          aria-label={open ? uiMessages.closeNavigation : uiMessages.openNavigation}
          aria-expanded={open}
          aria-controls={sidebarId}
          onClick={toggle}
        >
          <MenuIcon />
        </button>
        <div className={styles.title}>{pageTitle(pathname)}</div>
        <div className={styles.searchBox}>
          <button
            type="button"
            className={styles.search}
            aria-label={uiMessages.searchAndCommands}
            aria-keyshortcuts="Control+K Meta+K"
            onClick={() => setKeyboardOverlay('palette')}
          >
            <SearchIcon className={styles.searchIcon} />
            <span className={styles.searchText}>{uiMessages.searchEllipsis}</span>
          </button>
          {/* Drawn over the button, not in it: its words would have to be in the button's name
              (WCAG 2.5.3, label in name); aria-keyshortcuts tells screen readers the keys. */}
          <kbd className={styles.searchKeys} aria-hidden="true">
            Ctrl K
          </kbd>
        </div>
        <Suspense fallback={<span className={styles.bellPlace} />}>
          <NotificationBell />
        </Suspense>
      </header>
      {/* Listening from the first paint (under 1 KB); the palette and dialog load on first use. */}
      <KeyboardLayer overlay={keyboardOverlay} onOverlayChange={setKeyboardOverlay} />
      <div className={styles.body}>
        <Sidebar id={sidebarId} open={open} overlay={isMobile} onNavigate={isMobile ? close : noop} />
        {overlayOpen && <div className={styles.backdrop} data-testid="sidebar-backdrop" onClick={close} />}
        {/* The page scrolls here: reachable by Tab so a page with nothing to focus (a list of
            releases, a profile read) still scrolls by keyboard. A board scrolls in its columns. */}
        <main
          className={styles.main}
          style={boardPage ? { overflowY: 'hidden' } : undefined}
          tabIndex={boardPage ? undefined : 0}
        >
          <Suspense fallback={<p role="status">{uiMessages.loading}</p>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

function noop() {}
