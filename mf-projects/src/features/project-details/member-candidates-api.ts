import { MEMBER_CANDIDATES_LIMIT, type UserRef } from '@trackboard/contracts';
import { api, useDebouncedValue, useSession } from '@trackboard/web-kit';
import useSWR from 'swr';

// The people a project's lead may add to its team, the project service's call: active accounts
// not on the team whose name or e-mail holds the text typed, at most MEMBER_CANDIDATES_LIMIT of
// them, by name.

/** Typing pauses this long before the people matching it are asked for. */
export const candidatesDebounceMs = 200;

const candidates = (key: string, q: string) =>
  `/projects/${encodeURIComponent(key)}/member-candidates?${new URLSearchParams({ q })}`;

export const memberCandidatesApi = {
  /** The server refuses blank text (400) and anyone but the lead or an admin (403). */
  find: (key: string, q: string) => api.get<UserRef[]>(candidates(key, q)),
};

/** swr cache keys: the user is in them, so a new sign-in on the tab never sees the previous user's people. */
export const memberCandidateKeys = {
  find: (userId: string | null, key: string, q: string) => ['member-candidates', userId, key, q] as const,
};

/** What the Add Member field offers for the text typed. */
export interface MemberCandidates {
  /**
   * The answer for the text typed or, while that one is on its way, the last answer, if the
   * text now typed only adds to or takes from the text it answered (no list emptied and
   * drawn again at each keystroke).
   */
  people: UserRef[];
  /** No one matches what is typed: its answer, or the answer for text it only adds to, was empty. */
  nobody: boolean;
  /** The server gave as many as it gives: typing more finds the others. */
  more: boolean;
}

const none: MemberCandidates = { people: [], nobody: false, more: false };

/** An answer and the text it answers. */
type Answer = { q: string; people: UserRef[] };

/**
 * The people matching `text`, asked for once the typing pauses; blank text asks nothing. swr
 * answers only for the text now asked about, so an answer for older text that comes late is
 * never shown. A failed call offers no one: the field still takes a typed address.
 */
export function useMemberCandidates(projectKey: string, text: string): MemberCandidates {
  const typed = text.trim();
  const settled = useDebouncedValue(typed, candidatesDebounceMs);
  const userId = useSession((state) => state.user?.id ?? null);
  const { data, error } = useSWR(
    settled ? memberCandidateKeys.find(userId, projectKey, settled) : null,
    async ([, , key, q]): Promise<Answer> => ({ q, people: await memberCandidatesApi.find(key, q) }),
    { keepPreviousData: true, shouldRetryOnError: false, revalidateOnFocus: false, revalidateOnReconnect: false },
  );
  if (!typed || error || !data) return none;
  // The server matches without regard to case, and more text can only match fewer people.
  const now = typed.toLowerCase();
  const answered = data.q.toLowerCase();
  const narrowed = now.startsWith(answered);
  if (!narrowed && !answered.startsWith(now)) return none;
  return {
    people: data.people,
    nobody: data.people.length === 0 && narrowed,
    more: data.people.length >= MEMBER_CANDIDATES_LIMIT,
  };
}
