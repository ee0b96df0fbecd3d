import { create } from 'zustand';
import type { ProfileSettings } from '@trackboard/contracts';
import { storageKeys } from '../session/storage-keys';

/** Spec §4.2, §9: the stored `theme` item holds light or dark; its absence means system. */
export const themeModes = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof themeModes)[number];
export type EffectiveTheme = Exclude<ThemeMode, 'system'>;

export interface ThemeState {
  mode: ThemeMode;
  /** Choose a theme: light or dark is stored, system removes the stored item. */
  setMode: (mode: ThemeMode) => void;
}

/** The stored choice; system when nothing valid is stored or storage cannot be read. */
export function readStoredTheme(): ThemeMode {
  // Without a DOM (a test of plain data that reaches web-kit) there is nothing stored.
  if (typeof window === 'undefined') return 'system';
  try {
    const stored = window.localStorage.getItem(storageKeys.theme);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch (error) {
    console.warn('Could not read the stored theme', error);
    return 'system';
  }
}

function storeTheme(mode: ThemeMode): void {
  try {
    if (mode === 'system') window.localStorage.removeItem(storageKeys.theme);
    else window.localStorage.setItem(storageKeys.theme, mode);
  } catch (error) {
    console.warn('Could not store the theme', error);
  }
}

export const useTheme = create<ThemeState>()((set) => ({
  mode: readStoredTheme(),
  setMode: (mode) => {
    storeTheme(mode);
    set({ mode });
  },
}));

/** A profile's themePreference (LIGHT, DARK, SYSTEM) as a theme mode: lower-cased. */
export function themeModeOf(
  preference: ProfileSettings['themePreference'] | string | undefined,
): ThemeMode | undefined {
  const mode = preference?.toLowerCase();
  return (themeModes as readonly string[]).includes(mode ?? '') ? (mode as ThemeMode) : undefined;
}
