import { SEARCH_RECENT_MAX } from '@trackboard/contracts';
import { useSession } from '@trackboard/web-kit';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';

// The issues a person opened lately, newest first, kept in this browser for each account: search
// ranks them first among equal matches (GET /search?recent=). Kept here rather than on the
// server: it is a hint for this device's searches, and needs no table or write per opened issue.

const storageKey = (userId: string) => `recentIssues:${userId}`;
const issueKeyPattern = /^[A-Z0-9]{1,10}-[1-9][0-9]{0,8}$/;

/** The issue keys `userId` opened lately in this browser, newest first (none when unreadable). */
export function recentIssueKeys(userId: string | null | undefined): string[] {
  if (!userId) return [];
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]');
    return Array.isArray(stored)
      ? stored
          .filter((key): key is string => typeof key === 'string' && issueKeyPattern.test(key))
          .slice(0, SEARCH_RECENT_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Notes that `userId` opened the issue `key` (it moves to the front). */
export function rememberIssue(userId: string, key: string): void {
  const upper = key.toUpperCase();
  if (!issueKeyPattern.test(upper)) return;
  const keys = [upper, ...recentIssueKeys(userId).filter((k) => k !== upper)].slice(0, SEARCH_RECENT_MAX);
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(keys));
  } catch {
    // Storage full or refused: searching works without the hint.
  }
}

/**
 * Remembers each issue opened at its deep link (/boards/:boardId/issues/:key): every way to an
 * issue — a card, the palette, a link, /issues/KEY — ends at that address, which the shell's
 * router sees whichever remote draws it.
 */
export function RecentIssuesTracker() {
  const { pathname } = useLocation();
  const userId = useSession((state) => state.user?.id ?? null);
  const key = matchPath('/boards/:boardId/issues/:issueKey', pathname)?.params.issueKey;
  useEffect(() => {
    if (userId && key) rememberIssue(userId, key);
  }, [userId, key]);
  return null;
}
