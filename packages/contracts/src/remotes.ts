// What GET /remotes.json answers: where the shell finds each remote's manifest at runtime.
export const remoteNames = ['mf_projects', 'mf_boards', 'mf_admin'] as const;
export type RemoteName = (typeof remoteNames)[number];
export type RemotesManifest = { remotes: { name: RemoteName; entry: string }[] };

/** What GET /app-config.json answers: the product's name and support contact (spec §1, §2.4). */
export type AppConfig = { name: string; provider: string; supportEmail: string };
