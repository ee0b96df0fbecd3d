// Attachment rules the browser needs too. Zod-free: the board imports this module alone (the
// package has no side effects), never the schemas beside it in attachments.ts, whose zod would
// break the page's CSP (its eval probe) and weigh ~60 KB gzipped.

/** Image types the app shows inline (sniffed from the bytes); everything else is only downloaded. */
export const inlineImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The attachment's address inside the app, as Markdown embeds it (`![name](/api/attachments/12)`). */
export const attachmentPath = (id: string) => `/api/attachments/${id}`;

/** The id of an attachment address made by attachmentPath, or null. */
export const attachmentIdOf = (url: string): string | null => /^\/api\/attachments\/(\d+)$/.exec(url)?.[1] ?? null;
