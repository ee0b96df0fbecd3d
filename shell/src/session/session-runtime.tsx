import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  confirmStoredSession,
  onUnauthorized,
  themeModeOf,
  useDocumentAppearance,
  useSession,
  useTheme,
} from '@trackboard/web-kit';

/**
 * What runs for the whole app, whatever the route: the startup session
 * check, the 401 → /login navigation, and the page root's theme, font size and contrast.
 */
export function SessionRuntime() {
  const navigate = useNavigate();
  useEffect(() => onUnauthorized(() => navigate('/login', { replace: true })), [navigate]);
  useEffect(() => {
    void confirmStoredSession();
  }, []);

  const signedIn = useSession((state) => Boolean(state.token && state.user));
  const settings = useSession((state) => state.user?.profileSettings);
  const themePreference = settings?.themePreference;
  const setThemeMode = useTheme((state) => state.setMode);
  // The signed-in user's saved theme wins; signed out, the app follows the system.
  useEffect(() => {
    const mode = signedIn ? themeModeOf(themePreference) : 'system';
    if (mode) setThemeMode(mode);
  }, [signedIn, themePreference, setThemeMode]);
  useDocumentAppearance(signedIn ? settings : undefined);
  return null;
}
