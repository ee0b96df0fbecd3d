import { themePreferences, type ProfileSettings } from '@trackboard/contracts';
import { isAdmin, themeModeOf, type AppCommand, type SessionUser, type ThemeMode } from '@trackboard/web-kit';

type ThemePreference = ProfileSettings['themePreference'];

/** A palette entry: a command, and the keys that do the same outside the palette, if any. */
export interface PaletteCommand extends AppCommand {
  hint?: string[];
  /** Shown as the state it is in now (the theme in use). */
  current?: boolean;
}

export interface ShellCommandDeps {
  user: SessionUser | null;
  theme: ThemeMode;
  navigate(to: string): void;
  switchTheme(preference: ThemePreference): Promise<unknown>;
}

// The sidebar's pages, named as it names them, and My Issues; the admin pages (User Approval,
// Users, Moderation Log and Releases) for admins only.
const pages = [
  { id: 'go.dashboard', name: 'Dashboard', to: '/dashboard', hint: ['g', 'd'] },
  { id: 'go.projects', name: 'Projects', to: '/projects', hint: ['g', 'p'] },
  { id: 'go.my-issues', name: 'My Issues', to: '/my-issues' },
  { id: 'go.profile', name: 'Profile', to: '/profile' },
  { id: 'go.user-approval', name: 'User Approval', to: '/admin/user-approval', adminOnly: true },
  { id: 'go.users', name: 'Users', to: '/admin/users', adminOnly: true },
  { id: 'go.moderation-log', name: 'Moderation Log', to: '/admin/moderation-log', adminOnly: true },
  { id: 'go.releases', name: 'Releases', to: '/admin/releases', adminOnly: true },
];

const titleCase = (value: string) => value.charAt(0) + value.slice(1).toLowerCase();

/** The shell's own commands: go to a page, switch the theme. */
export function shellCommands({ user, theme, navigate, switchTheme }: ShellCommandDeps): PaletteCommand[] {
  const goTo = pages
    .filter((page) => !page.adminOnly || isAdmin(user))
    .map(({ id, name, to, hint }): PaletteCommand => ({
      id,
      label: `Go to ${name}`,
      group: 'Go to',
      keywords: ['navigate', 'page'],
      hint,
      run: () => navigate(to),
    }));
  const themes = themePreferences.map((preference): PaletteCommand => ({
    id: `theme.${preference.toLowerCase()}`,
    // The profile's Theme buttons read Light, Dark, System.
    label: `Switch theme: ${titleCase(preference)}`,
    group: 'Theme',
    keywords: ['appearance', 'colour', 'color', 'mode'],
    current: themeModeOf(preference) === theme,
    run: () => switchTheme(preference),
  }));
  return [...goTo, ...themes];
}
