import type { PlannedComment } from './import-plan';

// An imported comment is the importer's: whoever the file says wrote or reacted to it is kept
// as words, never as an account. "Originally by Ann Lee on 3 May 2024 · 👍 2 · ❤️ 1".

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const reactionSigns = { thumbsup: '👍', heart: '❤️' } as const;

/** Who wrote the comment and when, and how many others reacted, as the file tells it. */
export function originalByline(comment: PlannedComment, isImporter: (email: string | null) => boolean): string {
  const who = comment.authorName?.trim() || comment.author || 'someone';
  const parts = [`Originally by ${who}${comment.createdAt ? ` on ${day.format(new Date(comment.createdAt))}` : ''}`];
  for (const type of ['thumbsup', 'heart'] as const) {
    const others = comment.reactions[type].filter((email) => !isImporter(email)).length;
    if (others) parts.push(`${reactionSigns[type]} ${others}`);
  }
  return parts.join(' · ');
}
