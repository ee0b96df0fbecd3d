// negotiator 1.x, the part server-kit uses: its @types stop at 0.6, without the server's
// preference that breaks ties between encodings a client accepts equally.
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
  export = Negotiator;
}
