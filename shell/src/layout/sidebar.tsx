import { lazy, Suspense, type ComponentType } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router';
import { isAdmin, useSession } from '@trackboard/web-kit';
import {
  DashboardIcon,
  LogoutIcon,
  ModerationLogIcon,
  ReleasesIcon,
  ProfileIcon,
  ProjectsIcon,
  UserApprovalIcon,
  UsersIcon,
} from './icons';
import { uiMessages } from '../ui-messages';
import { sidebarWidth } from './use-sidebar';
import styles from './sidebar.module.css';

// The saved views come after the page: their list (and swr, which fetches it) is a chunk of its
// own, so a cold page does not wait for it.
const SavedViewsNav = lazy(async () => ({
  default: (await import(/* webpackChunkName: "saved-views-nav" */ '../features/saved-views/saved-views-nav'))
    .SavedViewsNav,
}));

interface NavItem {
  to: string;
  /** Read as the sidebar draws, in the page's language. */
  label: () => string;
  Icon: ComponentType<{ className?: string }>;
  /** Path prefixes under which the item shows as current. */
  activeFor: string[];
  adminOnly?: boolean;
}

// Spec §2.14: Projects is also current on board pages (/boards/ID and /board/KEY).
const navItems: NavItem[] = [
  { to: '/dashboard', label: () => uiMessages.dashboard, Icon: DashboardIcon, activeFor: ['/dashboard'] },
  {
    to: '/projects',
    label: () => uiMessages.projects,
    Icon: ProjectsIcon,
    activeFor: ['/projects', '/boards', '/board'],
  },
  { to: '/profile', label: () => uiMessages.profile, Icon: ProfileIcon, activeFor: ['/profile'] },
  {
    to: '/admin/user-approval',
    label: () => uiMessages.userApproval,
    Icon: UserApprovalIcon,
    activeFor: ['/admin/user-approval'],
    adminOnly: true,
  },
  // Every account, and what administrators did to them.
  { to: '/admin/users', label: () => uiMessages.users, Icon: UsersIcon, activeFor: ['/admin/users'], adminOnly: true },
  {
    to: '/admin/moderation-log',
    label: () => uiMessages.moderationLog,
    Icon: ModerationLogIcon,
    activeFor: ['/admin/moderation-log'],
    adminOnly: true,
  },
  // Which build of each remote users load.
  {
    to: '/admin/releases',
    label: () => uiMessages.releases,
    Icon: ReleasesIcon,
    activeFor: ['/admin/releases'],
    adminOnly: true,
  },
];

const isUnder = (pathname: string, prefixes: string[]) =>
  prefixes.some((prefix) => matchPath({ path: prefix, end: false }, pathname) !== null);

interface SidebarProps {
  id: string;
  open: boolean;
  /** Mobile: floats over the page, hidden entirely when closed. */
  overlay: boolean;
  /** Called after any navigation from the sidebar (the mobile overlay closes). */
  onNavigate: () => void;
}

export function Sidebar({ id, open, overlay, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const collapsed = !open && !overlay;
  const items = navItems.filter((item) => !item.adminOnly || isAdmin(user));

  // The sign-in screen ends the session (server call, then storage) and reports a failure.
  const logout = () => {
    onNavigate();
    navigate('/login?logout=true');
  };

  return (
    <aside
      id={id}
      aria-label={uiMessages.sidebar}
      hidden={overlay && !open}
      className={[styles.sidebar, overlay ? styles.overlay : '', collapsed ? styles.collapsed : ''].join(' ')}
      style={{ width: open ? sidebarWidth.open : sidebarWidth.collapsed }}
    >
      <nav className={styles.nav} aria-label={uiMessages.mainNavigation}>
        {items.map(({ to, label, Icon, activeFor }) => (
          <Link
            key={to}
            to={to}
            className={styles.item}
            title={collapsed ? label() : undefined}
            aria-current={isUnder(pathname, activeFor) ? 'page' : undefined}
            onClick={onNavigate}
          >
            <Icon className={styles.icon} />
            <span className={styles.label}>{label()}</span>
          </Link>
        ))}
      </nav>
      {/* The views need their names: the collapsed rail has room for icons only. */}
      {collapsed ? null : (
        <Suspense fallback={null}>
          <SavedViewsNav onNavigate={onNavigate} />
        </Suspense>
      )}
      <div className={styles.footer}>
        <button
          type="button"
          className={styles.item}
          title={collapsed ? uiMessages.logout : undefined}
          onClick={logout}
        >
          <LogoutIcon className={styles.icon} />
          <span className={styles.label}>{uiMessages.logout}</span>
        </button>
      </div>
    </aside>
  );
}
