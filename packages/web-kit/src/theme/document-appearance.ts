import { useLayoutEffect } from 'react';
import type { ProfileSettings } from '@trackboard/contracts';
import { useMediaQuery } from '../ui/use-media-query';
import { useTheme, type EffectiveTheme } from './theme-store';

export const systemDarkQuery = '(prefers-color-scheme: dark)';

/**
 * The markers tokens.css keys on, all on the page root: `data-theme` (light | dark),
 * `data-font-size` (small | medium | large) and `data-high-contrast` (present when on).
 */
export function applyAppearance(
  root: HTMLElement,
  {
    theme,
    fontSize = 'MEDIUM',
    highContrast = false,
  }: { theme: EffectiveTheme } & Partial<Pick<ProfileSettings, 'fontSize' | 'highContrast'>>,
): void {
  root.dataset.theme = theme;
  root.dataset.fontSize = fontSize.toLowerCase();
  if (highContrast) root.dataset.highContrast = 'true';
  else delete root.dataset.highContrast;
}

/**
 * Keeps the page root in step with the chosen theme (in system mode, with the operating
 * system's preference, live) and with the signed-in user's font size and contrast settings.
 * Returns the effective theme.
 */
export function useDocumentAppearance(settings: Partial<ProfileSettings> | undefined): EffectiveTheme {
  const mode = useTheme((state) => state.mode);
  const systemDark = useMediaQuery(systemDarkQuery);
  const theme: EffectiveTheme = mode === 'system' ? (systemDark ? 'dark' : 'light') : mode;
  const fontSize = settings?.fontSize;
  const highContrast = settings?.highContrast;
  useLayoutEffect(() => {
    applyAppearance(document.documentElement, { theme, fontSize, highContrast });
  }, [theme, fontSize, highContrast]);
  return theme;
}
