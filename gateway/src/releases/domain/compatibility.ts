import semver from 'semver';

/** What a federation manifest (mf-manifest.json) says of one shared package. */
export type SharedEntry = { name: string; version: string };
export type FederationManifest = { shared?: SharedEntry[]; metaData?: { buildInfo?: { buildVersion?: string } } };

// The map every web build spreads (shell and remotes alike). Its `react/`-style keys share a
// package's subpaths under the package's own entry, so only the bare names are checked.
const { shared } = require('@trackboard/web-kit/webpack/shared.cjs') as { shared: Record<string, unknown> };

/**
 * The singletons a remote runs on the shell's copy of: a remote built against another major of
 * any of them would call into code it was not built for.
 */
export const checkedSingletons = Object.keys(shared).filter((name) => !name.endsWith('/'));

/**
 * Why a remote's build cannot run in this shell, or null when it can. Shared singletons load
 * "loaded-first", so the remote gets the shell's copy: the shell's version must be at least the
 * one the remote was built with, within the same major (a caret range; 0.x: the same minor).
 * The remote's own `version` is compared rather than its `requiredVersion`, which webpack takes
 * from the importing package.json and gets wrong for the shared React Router surface.
 */
export function incompatibility(remote: FederationManifest, shell: FederationManifest): string | null {
  const shellVersions = new Map((shell.shared ?? []).map((entry) => [entry.name, entry.version]));
  const problems: string[] = [];
  for (const { name, version } of remote.shared ?? []) {
    if (!checkedSingletons.includes(name)) continue;
    const shellVersion = shellVersions.get(name);
    if (!shellVersion) problems.push(`${name} ${version} is not shared by the shell`);
    else if (!semver.valid(version) || !semver.satisfies(shellVersion, `^${version}`))
      problems.push(`${name} ${version} is needed; the shell shares ${shellVersion}`);
  }
  return problems.length ? `Incompatible with the shell: ${problems.join('; ')}.` : null;
}
