/**
 * `load` once it has worked, and afresh after it failed. Two places remember a failed load for
 * good: React.lazy (a lazy component that rejected throws that rejection on every render) and a
 * promise kept by the caller. webpack 5 does not: its JSONP runtime forgets a chunk whose script
 * failed (`installedChunks[id] = undefined`) and removes the script, so a new `import()` asks for
 * it again — which is what a retry needs.
 */
export function forgettingFailures<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
