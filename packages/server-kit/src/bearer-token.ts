/** The token of an `Authorization: Bearer <token>` header (the scheme in any case), or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
