import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLED_VERSION, type RemoteName } from '@trackboard/contracts';
import { incompatibility, type FederationManifest } from './compatibility';

/** Each remote's folder in the repo (its build lands in `<folder>/dist`) and in the releases folder. */
export const remoteFolders: Record<RemoteName, string> = {
  mf_projects: 'mf-projects',
  mf_boards: 'mf-boards',
  mf_admin: 'mf-admin',
};

/** A version folder's name: what `npm run release` makes (`0.2.0-1a2b3c4d`), nothing that could leave the folder. */
export const versionName = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$/;

export type PublishedVersion = {
  version: string;
  /** The manifest's URL: a path on this gateway, or where the version was uploaded. */
  entry: string;
  /** When it was published (its manifest's time); null for the bundled build. */
  publishedAt: Date | null;
  /** Why the shell cannot run it, or null. */
  problem: string | null;
  /** The folder its files are served from here; null when they live elsewhere. */
  folder: string | null;
};

export type CatalogOptions = {
  /** Repository root holding shell/dist and each remote's dist (the bundled builds). */
  webRoot: string;
  /** DATA_DIR/remotes unless RELEASES_DIR says otherwise: `<folder>/<version>/`. */
  releasesDir: string;
  /** REMOTE_<NAME>_URL: where a bundled remote's manifest lives when it is not served here. */
  remoteUrls: Partial<Record<RemoteName, string>>;
};

const readJson = async <T>(path: string): Promise<T | undefined> => {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
};

/**
 * The versions of each remote this gateway can hand out: the bundled build and every folder in
 * the releases folder (`npm run release` writes them). A folder holds the built files, or — for a
 * version uploaded elsewhere — its manifest and `release.json` `{ "entry": "<manifest URL>" }`.
 * Read from disk on each call, so a version published while the gateway runs is seen at once.
 */
export function createVersionCatalog({ webRoot, releasesDir, remoteUrls }: CatalogOptions) {
  const shellManifest = () => readJson<FederationManifest>(join(webRoot, 'shell', 'dist', 'mf-manifest.json'));

  function check(manifest: FederationManifest | undefined, shell: FederationManifest | undefined): string | null {
    if (!manifest) return 'Its mf-manifest.json cannot be read.';
    if (!shell) return "The shell's mf-manifest.json cannot be read: build the web app (npm run build:web).";
    return incompatibility(manifest, shell);
  }

  function bundled(remote: RemoteName): PublishedVersion {
    const folder = join(webRoot, remoteFolders[remote], 'dist');
    return {
      version: BUNDLED_VERSION,
      entry: remoteUrls[remote] ?? `/remotes/${remoteFolders[remote]}/mf-manifest.json`,
      publishedAt: null,
      // Built with the shell it ships with.
      problem: null,
      folder: remoteUrls[remote] ? null : folder,
    };
  }

  /** One published version, or undefined when there is no such folder (or no manifest in it). Not checked unless asked. */
  async function published(
    remote: RemoteName,
    version: string,
    /** The shell's manifest to check it against (read once for a whole list); null: unchecked. */
    shell: Promise<FederationManifest | undefined> | null,
  ): Promise<PublishedVersion | undefined> {
    if (!versionName.test(version)) return undefined;
    const folder = join(releasesDir, remoteFolders[remote], version);
    const manifestPath = join(folder, 'mf-manifest.json');
    const manifestFile = await stat(manifestPath).catch(() => undefined);
    if (!manifestFile?.isFile()) return undefined;
    const pointer = await readJson<{ entry?: unknown }>(join(folder, 'release.json'));
    const external = typeof pointer?.entry === 'string' ? pointer.entry : null;
    return {
      version,
      entry: external ?? `/remotes/${remoteFolders[remote]}/${version}/mf-manifest.json`,
      publishedAt: manifestFile.mtime,
      problem: shell ? check(await readJson<FederationManifest>(manifestPath), await shell) : null,
      folder: external ? null : folder,
    };
  }

  return {
    /** The version by name (`bundled` included) with its compatibility checked, or undefined. */
    async find(remote: RemoteName, version: string): Promise<PublishedVersion | undefined> {
      return version === BUNDLED_VERSION ? bundled(remote) : published(remote, version, shellManifest());
    },

    /** Where a version is, unchecked (it was checked when it was chosen): for /remotes.json and its files. */
    async locate(remote: RemoteName, version: string): Promise<PublishedVersion | undefined> {
      return version === BUNDLED_VERSION ? bundled(remote) : published(remote, version, null);
    },

    /** Every version of a remote: the bundled build first, then the newest published first. */
    async list(remote: RemoteName): Promise<PublishedVersion[]> {
      const names = await readdir(join(releasesDir, remoteFolders[remote])).catch(() => [] as string[]);
      const shell = shellManifest();
      const found = await Promise.all(names.map((name) => published(remote, name, shell)));
      const versions = found
        .filter((version) => version !== undefined)
        .sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime() || b.version.localeCompare(a.version));
      return [bundled(remote), ...versions];
    },
  };
}
export type VersionCatalog = ReturnType<typeof createVersionCatalog>;
