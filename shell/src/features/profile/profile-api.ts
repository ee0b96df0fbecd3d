import type { ProfileUpdate, UserDto } from '@trackboard/contracts';
import { api, errorReason, retryUnlessClientError, useSession } from '@trackboard/web-kit';
import { useCallback } from 'react';
import useSWR from 'swr';
import { uiMessages } from '../../ui-messages';

export const profileApi = {
  load: () => api.get<UserDto>('/auth/profile'),
  /** Spec §7.5: `{ name, bio }` or `{ profileSettings: { one field } }`; answers the updated user. */
  update: (changes: ProfileUpdate) => api.put<UserDto>('/users/profile', changes),
};

export interface ProfileState {
  profile?: UserDto;
  error?: string;
  loading: boolean;
  /** The server's answer to an update: shown here and merged into the session (theme, name…). */
  saved: (profile: UserDto) => void;
}

/**
 * The signed-in user's detailed profile, merged into the session as it arrives. Keyed by user,
 * like the dashboard, so a new sign-in on the same tab never sees the previous user's profile.
 */
export function useProfile(): ProfileState {
  const userId = useSession((state) => state.user?.id ?? null);
  const updateUser = useSession((state) => state.updateUser);
  const { data, error, mutate } = useSWR(['profile', userId], () => profileApi.load(), {
    shouldRetryOnError: retryUnlessClientError,
    onSuccess: updateUser,
  });

  const saved = useCallback(
    (profile: UserDto) => {
      void mutate(profile, { revalidate: false });
      updateUser(profile);
    },
    [mutate, updateUser],
  );
  // A failed refresh leaves the profile on screen; only a profile that never came is an error.
  const failure =
    data === undefined && error !== undefined ? errorReason(error, uiMessages.profileLoadFailed) : undefined;
  return { profile: data, error: failure, loading: data === undefined && error === undefined, saved };
}
