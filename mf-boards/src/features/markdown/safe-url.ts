import { isSafeLink } from '@trackboard/contracts';

/**
 * What a Markdown link or image may point to: http(s) (the rule every link of the
 * app follows, isSafeLink) and mailto. Anything else (javascript:, data:, relative paths)
 * becomes no URL at all, so the renderer draws the link's text only.
 */
export function markdownUrl(url: string): string | undefined {
  const trimmed = url.trim();
  return isSafeLink(trimmed) || /^mailto:[^\s]/i.test(trimmed) ? trimmed : undefined;
}
