import type { CommentDto, ReactionType } from '@trackboard/contracts';
import { uiMessages } from '../../ui-messages';

// How a comment reads (spec §2.13, §8.5), without React.

/** The author's name, or "Unknown User" for a nameless one. */
export const authorName = (comment: CommentDto) => comment.author.name.trim() || uiMessages.unknownUser;

/** Local date and time; "N/A" when missing, "Invalid Date" when unreadable. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return uiMessages.notAvailable;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? uiMessages.invalidDate : date.toLocaleString();
}

export const reactionLabels: Record<ReactionType, { emoji: string; name: string }> = {
  thumbsup: { emoji: '👍', name: 'Thumbs up' },
  heart: { emoji: '❤️', name: 'Heart' },
};
