// What GET /remotes.json answers: where the shell finds each remote's manifest at runtime.
export const remoteNames = ['mf_projects', 'mf_boards', 'mf_admin'] as const;
export type RemoteName = (typeof remoteNames)[number];

/**
 * The version name of the build that ships with this install (each remote's own `dist`, or
 * REMOTE_<NAME>_URL): current until a published release is made current.
 */
export const BUNDLED_VERSION = 'bundled';

/** One remote as the shell loads it: the chosen release's manifest and, for a canary, the current one to fall back to. */
export type RemoteEntry = {
  name: RemoteName;
  entry: string;
  version: string;
  /** Present when `entry` is a canary: what to load instead if it fails. */
  fallback?: { entry: string; version: string };
};
export type RemotesManifest = { remotes: RemoteEntry[] };

/** The header every API request carries: which release of each remote this page runs (`mf_boards=0.2.0-1a2b3c4d,…`). */
export const REMOTE_VERSIONS_HEADER = 'X-Remote-Versions';

/** What GET /app-config.json answers: the product's name and support contact. */
export type AppConfig = { name: string; provider: string; supportEmail: string };
