import { themePreferences, type ProfileSettings } from '@trackboard/contracts';
import { isAdmin, themeModeOf, type AppCommand, type SessionUser, type ThemeMode } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';

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
// Users, Moderation Log and Releases) for admins only. Names are read as the palette opens.
const pages = [
  { id: 'go.dashboard', name: () => uiMessages.dashboard, to: '/dashboard', hint: ['g', 'd'] },
  { id: 'go.projects', name: () => uiMessages.projects, to: '/projects', hint: ['g', 'p'] },
  { id: 'go.my-issues', name: () => uiMessages.myIssues, to: '/my-issues' },
  { id: 'go.profile', name: () => uiMessages.profile, to: '/profile' },
  { id: 'go.user-approval', name: () => uiMessages.userApproval, to: '/admin/user-approval', adminOnly: true },
  { id: 'go.users', name: () => uiMessages.users, to: '/admin/users', adminOnly: true },
  { id: 'go.moderation-log', name: () => uiMessages.moderationLog, to: '/admin/moderation-log', adminOnly: true },
  { id: 'go.releases', name: () => uiMessages.releases, to: '/admin/releases', adminOnly: true },
];

/** The shell's own commands: go to a page, switch the theme. */
export function shellCommands({ user, theme, navigate, switchTheme }: ShellCommandDeps): PaletteCommand[] {
  const goTo = pages
    .filter((page) => !page.adminOnly || isAdmin(user))
    .map(({ id, name, to, hint }): PaletteCommand => ({
      id,
      label: uiMessages.goTo(name()),
      group: uiMessages.goToGroup,
      keywords: ['navigate', 'page'],
      hint,
      run: () => navigate(to),
    }));
  const themes = themePreferences.map((preference): PaletteCommand => ({
    id: `theme.${preference.toLowerCase()}`,
    // The profile's Theme buttons read Light, Dark, System.
    label: uiMessages.switchTheme(uiMessages.themeName(preference)),
    group: uiMessages.theme,
    keywords: ['appearance', 'colour', 'color', 'mode'],
    current: themeModeOf(preference) === theme,
    run: () => switchTheme(preference),
  }));
  return [...goTo, ...themes];
}
