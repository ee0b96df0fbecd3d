import type { CommentDto, ReactionType } from '@trackboard/contracts';
import { dateTimeFormat } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';

// How a comment reads (the spec's wording: "Unknown User", "N/A", "Invalid Date"), without React.

/** The author's name, or "Unknown User" for a nameless one. */
export const authorName = (comment: CommentDto) => comment.author.name.trim() || uiMessages.unknownUser;

// What toLocaleString() shows: the date and the time to the second.
const dateAndTime: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** Local date and time; "N/A" when missing, "Invalid Date" when unreadable. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return uiMessages.notAvailable;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? uiMessages.invalidDate : dateTimeFormat(dateAndTime).format(date);
}

/** A reaction's name: its button's accessible name, with the count (its icon is in reaction-icon.tsx). */
export const reactionLabels: Record<ReactionType, { name: string }> = {
  thumbsup: {
    get name() {
      return uiMessages.reactionThumbsUp;
    },
  },
  heart: {
    get name() {
      return uiMessages.reactionHeart;
    },
  },
};
