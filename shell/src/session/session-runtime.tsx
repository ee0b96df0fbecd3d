import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  confirmStoredSession,
  onUnauthorized,
  setLanguage,
  setTimeZone,
  storedLanguageChoice,
  themeModeOf,
  useDocumentAppearance,
  useSession,
  useTheme,
} from '@trackboard/web-kit';

/**
 * What runs for the whole app, whatever the route: the startup session
 * check, the 401 → /login navigation, the page root's theme, font size and contrast, and the
 * language and time zone the page is in.
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

  // Signed in, the profile's language and time zone (null: the browser's); signed out, the
  // language last chosen on this browser, so the sign-in page greets its owner in theirs.
  const language = settings?.language;
  const timeZone = settings?.timeZone;
  useEffect(() => {
    void setLanguage(signedIn ? (language ?? null) : storedLanguageChoice());
    setTimeZone(signedIn ? (timeZone ?? null) : null);
  }, [signedIn, language, timeZone]);
  return null;
}
