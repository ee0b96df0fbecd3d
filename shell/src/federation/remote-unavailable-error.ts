/** A remote's exposed root could not be loaded (manifest, entry or module); `cause` says why. */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly request: string,
    cause: unknown,
  ) {
    super(`Remote module ${request} could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}
