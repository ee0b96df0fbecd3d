import Negotiator from 'negotiator';

export type ContentEncoding = 'br' | 'gzip';

/** brotli before gzip: smaller at a comparable cost (both are precompressed or fast-level). */
const preferred = ['br', 'gzip', 'identity'] as const;

/**
 * The encoding to send for this `Accept-Encoding`, among those we have; undefined means the
 * body goes as it is. Chrome sends `gzip, deflate, br, zstd`: without a server preference
 * the first listed (gzip) would win the tie.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[] = ['br', 'gzip'],
): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const offered = preferred.filter((encoding) => encoding === 'identity' || available.includes(encoding));
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(offered, {
    preferred: offered,
  });
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/** Adds `Accept-Encoding` to a Vary value unless it is there already (or is `*`). */
export function varyOnAcceptEncoding(current: string | null | undefined): string {
  if (!current) return 'Accept-Encoding';
  if (current.trim() === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current)) return current;
  return `${current}, Accept-Encoding`;
}
