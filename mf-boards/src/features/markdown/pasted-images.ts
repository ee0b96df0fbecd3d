import { uiMessages } from '../../ui-messages';

// A pasted image in Markdown: a placeholder at once where it was pasted, the image once it is stored.

/** Brackets and backslashes in a file name would end the image's text early. */
const altText = (name: string) => name.replace(/[\\[\]]/g, '\\$&');

/** The embed of a stored image. */
export const imageMarkdown = (name: string, url: string) => `![${altText(name)}](${url})`;

/** What stands where an image was pasted while it uploads: an image with no address, so it shows as its text. */
export const uploadingMarkdown = (name: string) => `![${uiMessages.uploadingImage(altText(name))}]()`;

/** The images among what was pasted (a screenshot, an image copied from a page or a folder). */
export const pastedImages = (data: DataTransfer | null): File[] =>
  Array.from(data?.files ?? []).filter((file) => file.type.startsWith('image/'));

/** `text` with `inserted` in place of the selection from `start` to `end`. */
export const insertAt = (text: string, start: number, end: number, inserted: string) =>
  text.slice(0, start) + inserted + text.slice(end);

/**
 * Where the caret goes when `from` in `text` becomes `to`: it moves with the text after the
 * replaced part, stays before it, and goes to its end when it was inside it.
 */
export function caretAfterReplace(text: string, from: string, to: string, caret: number): number {
  const at = text.indexOf(from);
  if (at < 0 || caret <= at) return caret;
  if (caret >= at + from.length) return caret + to.length - from.length;
  return at + to.length;
}
