import { z } from 'zod';
import { lineText } from './text';
import { remoteNames } from './remote-rules';

// Remote releases: the zod-free parts the shell needs are in remote-rules.ts.
export * from './remote-rules';

/** `POST /api/releases/failures` (the shell, when a canary failed and it fell back to current). */
export const RemoteLoadFailure = z
  .object({
    remote: z.enum(remoteNames, { error: `must be one of ${remoteNames.join(', ')}` }),
    version: lineText({ error: 'is required' }).min(1, 'is required').max(100, 'must be at most 100 characters'),
    message: lineText().max(500).optional(),
  })
  .strict();
export type RemoteLoadFailure = z.infer<typeof RemoteLoadFailure>;

/** What /remotes.json may mix in for a canary: a share of users, 0–100 %. */
const CanaryShare = z
  .number({ error: 'must be a whole number from 0 to 100' })
  .int('must be a whole number from 0 to 100')
  .min(0, 'must be a whole number from 0 to 100')
  .max(100, 'must be a whole number from 0 to 100');
const VersionName = lineText({ error: 'is required' }).min(1, 'is required').max(100, 'must be at most 100 characters');

export const RemoteParam = z.object({
  remote: z.enum(remoteNames, { error: `must be one of ${remoteNames.join(', ')}` }),
});
export type RemoteParam = z.infer<typeof RemoteParam>;

/**
 * `PUT /api/admin/releases/:remote`: make a version current, and/or set or end the canary
 * (`canary: null`). At least one of the two.
 */
export const ReleaseUpdateRequest = z
  .object({
    current: VersionName.optional(),
    canary: z.object({ version: VersionName, share: CanaryShare }).strict().nullable().optional(),
  })
  .strict()
  .refine((body) => body.current !== undefined || body.canary !== undefined, {
    message: 'must name current or canary',
    path: ['current'],
  });
export type ReleaseUpdateRequest = z.infer<typeof ReleaseUpdateRequest>;

/** One published version of a remote. */
export const RemoteVersionDto = z.object({
  version: z.string(),
  /** Where the manifest is served from: this gateway's path, or the URL it was published to. */
  entry: z.string(),
  /** When it was published (its folder's time); null for the bundled build. */
  publishedAt: z.iso.datetime().nullable(),
  /** Whether its shared dependencies match the shell's; when not, why. */
  compatible: z.boolean(),
  problem: z.string().nullable(),
});
export type RemoteVersionDto = z.infer<typeof RemoteVersionDto>;

export const RemoteReleaseDto = z.object({
  name: z.enum(remoteNames),
  current: z.string(),
  canary: z.object({ version: z.string(), share: z.number().int() }).nullable(),
  versions: z.array(RemoteVersionDto),
  /** Load failures the shell reported for the canary now set (reset when the canary changes). */
  canaryFailures: z.object({
    count: z.number().int(),
    lastAt: z.iso.datetime().nullable(),
    lastMessage: z.string().nullable(),
  }),
});
export type RemoteReleaseDto = z.infer<typeof RemoteReleaseDto>;

/** One change of the release table: who, when, from → to. */
export const ReleaseChangeDto = z.object({
  id: z.string(),
  remote: z.enum(remoteNames),
  /** `current` or `canary` */
  what: z.enum(['current', 'canary']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The canary's share after the change; null for a current change or an ended canary. */
  share: z.number().int().nullable(),
  by: z.object({ id: z.string(), name: z.string() }),
  at: z.iso.datetime(),
});
export type ReleaseChangeDto = z.infer<typeof ReleaseChangeDto>;

/** `GET /api/admin/releases`. */
export const ReleasesResponse = z.object({
  remotes: z.array(RemoteReleaseDto),
  /** Newest first, the last 100. */
  history: z.array(ReleaseChangeDto),
});
export type ReleasesResponse = z.infer<typeof ReleasesResponse>;

/** `PUT /api/admin/releases/:remote`. */
export const ReleaseUpdateResponse = z.object({ remote: RemoteReleaseDto, change: z.array(ReleaseChangeDto) });
export type ReleaseUpdateResponse = z.infer<typeof ReleaseUpdateResponse>;
