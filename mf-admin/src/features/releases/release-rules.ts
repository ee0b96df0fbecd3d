import type {
  ReleaseChangeDto,
  ReleasesResponse,
  ReleaseUpdateRequest,
  ReleaseUpdateResponse,
  RemoteName,
  RemoteReleaseDto,
  RemoteVersionDto,
} from '@trackboard/contracts';
import { uiMessages } from '../../ui-messages';

// What an administrator may do to a remote's releases, as pure decisions over the
// gateway's release table; the page and its buttons only ask these.

/** A change to one remote's release, as the administrator chose it. */
export type ReleaseChange =
  | { kind: 'makeCurrent' | 'promote' | 'rollBack' | 'endCanary'; remote: RemoteName; version: string }
  | { kind: 'startCanary' | 'changeShare'; remote: RemoteName; version: string; share: number };
export type ReleaseChangeKind = ReleaseChange['kind'];
/** What a listed version's own buttons do; the canary's controls do the rest. */
export type VersionAction = Extract<ReleaseChangeKind, 'makeCurrent' | 'startCanary'>;

/** The PUT body for a change. Promote is a plain "make current": the gateway ends the canary with it. */
export function updateFor(change: ReleaseChange): ReleaseUpdateRequest {
  switch (change.kind) {
    case 'makeCurrent':
    case 'promote':
    case 'rollBack':
      return { current: change.version };
    case 'startCanary':
    case 'changeShare':
      return { canary: { version: change.version, share: change.share } };
    case 'endCanary':
      return { canary: null };
  }
}

/** Why a version cannot be loaded by anyone (made current or canary); null when it can. */
export const blockedReason = (version: RemoteVersionDto): string | null =>
  version.compatible ? null : version.problem || uiMessages.incompatible;

/**
 * What a listed version offers: the current and the canary none (the canary has its own
 * controls: change share, promote, end), any other both starts.
 */
export function versionActions(remote: RemoteReleaseDto, version: RemoteVersionDto): VersionAction[] {
  if (version.version === remote.current || version.version === remote.canary?.version) return [];
  return ['makeCurrent', 'startCanary'];
}

export interface RollBack {
  /** The version that was current before the latest change of current. */
  to: string;
  /** Why it cannot be made current again (gone, or not compatible any more); null when it can. */
  blocked: string | null;
}

/**
 * Roll back = make current again what was current before the latest change of current (the
 * history is newest first). None when the history holds no such change, or it left nothing
 * before it (the first release made current from nothing).
 */
export function rollBackOf(remote: RemoteReleaseDto, history: ReleaseChangeDto[]): RollBack | null {
  const latest = history.find((change) => change.remote === remote.name && change.what === 'current');
  const to = latest?.from;
  if (!to || to === remote.current) return null;
  const listed = remote.versions.find((version) => version.version === to);
  return { to, blocked: listed ? blockedReason(listed) : uiMessages.notPublished };
}

/** Whole percent from 1 to 100, as typed in the share field; null for anything else. */
export function parseShare(text: string): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const share = Number(text);
  return share >= 1 && share <= 100 ? share : null;
}

/** The table after a change, from the PUT's answer: its remote replaced, its history entries first. */
export function withUpdate(releases: ReleasesResponse, { remote, change }: ReleaseUpdateResponse): ReleasesResponse {
  return {
    remotes: releases.remotes.map((each) => (each.name === remote.name ? remote : each)),
    history: [...change, ...releases.history.filter((entry) => !change.some((c) => c.id === entry.id))],
  };
}

/** "Projects (mf_projects)": the name people know, and the one the gateway and the logs use. */
export const remoteLabel = (name: RemoteName) => uiMessages.remoteLabel(uiMessages.remoteTitles[name], name);
