import type { ProfileUpdate, UserDto } from '@trackboard/contracts';
import { api, ApiError, serverMessage, useSession } from '@trackboard/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { uiMessages } from '../../ui-messages';

export const profileApi = {
  load: (signal?: AbortSignal) => api.get<UserDto>('/auth/profile', signal),
  /** Spec §7.5: `{ name, bio }` or `{ profileSettings: { one field } }`; answers the updated user. */
  update: (changes: ProfileUpdate) => api.put<UserDto>('/users/profile', changes),
};

/** Spec §8.5: the server's message, else the error's own (e.g. offline), else nothing. */
export function failureReason(error: unknown): string | undefined {
  if (error instanceof ApiError) return serverMessage(error);
  return error instanceof Error ? error.message : undefined;
}

export interface ProfileState {
  profile?: UserDto;
  error?: string;
  loading: boolean;
  /** The server's answer to an update: shown here and merged into the session (theme, name…). */
  saved: (profile: UserDto) => void;
}

/** The signed-in user's detailed profile, loaded when the screen opens. */
export function useProfile(): ProfileState {
  const updateUser = useSession((state) => state.updateUser);
  const [state, setState] = useState<{ profile?: UserDto; error?: string }>({});

  useEffect(() => {
    const controller = new AbortController();
    profileApi.load(controller.signal).then(
      (profile) => {
        if (controller.signal.aborted) return;
        setState({ profile });
        updateUser(profile);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error: failureReason(error) ?? uiMessages.profileLoadFailed });
      },
    );
    return () => controller.abort();
  }, [updateUser]);

  const saved = useCallback(
    (profile: UserDto) => {
      setState({ profile });
      updateUser(profile);
    },
    [updateUser],
  );
  return { ...state, loading: !state.profile && !state.error, saved };
}
