// The attachment's stable address inside the app, as Markdown embeds it (`![name](/api/attachments/12)`).
// The contract's helpers of the same names live beside the attachment schemas (zod), which the
// browser must not load: zod's eval probe breaks the page's CSP and it would add ~60 KB gzipped
// to the board. These follow them character for character, and attachment-paths.test.ts holds
// them to it.

export const attachmentPath = (id: string) => `/api/attachments/${id}`;

/** The id of an address made by attachmentPath, or null. */
export const attachmentIdOf = (url: string): string | null => /^\/api\/attachments\/(\d+)$/.exec(url)?.[1] ?? null;
