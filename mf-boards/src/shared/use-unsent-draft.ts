import { useSession } from '@trackboard/web-kit';
import { useCallback, useSyncExternalStore } from 'react';
import { draftStore } from './draft-store';

/**
 * Whether the signed-in person keeps an unsent draft of the issue in this browser (its
 * description, a comment, a reply or an edit of one): the card's draft mark. Kept live as
 * drafts come and go, in this tab or another.
 */
export function useUnsentDraft(issueId: string): boolean {
  const userId = useSession((state) => state.user?.id);
  const hasDraft = useCallback(() => !!userId && draftStore.hasDraftOf(userId, issueId), [userId, issueId]);
  return useSyncExternalStore(draftStore.subscribe, hasDraft, () => false);
}
