import type { ProfileSettings, UserDto } from '@trackboard/contracts';
import { api, errorReason, themeModeOf, useSession, useTheme } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';

/**
 * The theme chosen in the palette, as the profile's Theme buttons do it:
 * it applies at once and is saved as the profile's preference, which wins at the next start;
 * a failed save puts the previous theme back and rejects with the profile's words.
 */
export async function switchTheme(preference: ProfileSettings['themePreference']): Promise<void> {
  const before = useTheme.getState().mode;
  useTheme.getState().setMode(themeModeOf(preference) ?? 'system');
  try {
    const user = await api.put<UserDto>('/users/profile', { profileSettings: { themePreference: preference } });
    useSession.getState().updateUser(user);
  } catch (failure) {
    useTheme.getState().setMode(before);
    throw new Error(uiMessages.settingSaveFailed(uiMessages.settingTheme, errorReason(failure, uiMessages.tryAgain)));
  }
}
