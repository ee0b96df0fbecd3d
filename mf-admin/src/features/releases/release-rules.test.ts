/** @jest-environment node */
import type { ReleaseChangeDto, RemoteReleaseDto } from '@trackboard/contracts';
import { parseShare, rollBackOf, updateFor, versionActions, withUpdate } from './release-rules';

// What the Releases page may do, decided over plain data.

const version = (name: string, problem: string | null = null) => ({
  version: name,
  entry: `/remotes/mf_boards/${name}/mf-manifest.json`,
  publishedAt: '2024-06-01T09:00:00.000Z',
  compatible: problem === null,
  problem,
});
const boards = (fields: Partial<RemoteReleaseDto> = {}): RemoteReleaseDto => ({
  name: 'mf_boards',
  current: '2.0.0',
  canary: { version: '2.1.0', share: 5 },
  versions: [version('2.1.0'), version('2.0.0'), version('1.0.0'), version('0.5.0', 'react 18 does not match')],
  canaryFailures: { count: 0, lastAt: null, lastMessage: null },
  ...fields,
});
let n = 0;
const change = (fields: Partial<ReleaseChangeDto>): ReleaseChangeDto => ({
  id: String(++n),
  remote: 'mf_boards',
  what: 'current',
  from: null,
  to: null,
  share: null,
  by: { id: '1', name: 'Root Admin' },
  at: '2024-06-01T10:00:00.000Z',
  ...fields,
});

describe('rollBackOf', () => {
  it('targets the `from` of the latest change of current of that remote, skipping canary and other remotes', () => {
    const history = [
      change({ remote: 'mf_projects', from: '9.9.9', to: '10.0.0' }),
      change({ what: 'canary', from: null, to: '2.1.0', share: 5 }),
      change({ from: '1.0.0', to: '2.0.0' }),
      change({ from: 'bundled', to: '1.0.0' }),
    ];
    expect(rollBackOf(boards(), history)).toEqual({ to: '1.0.0', blocked: null });
  });

  it('offers nothing without a change of current, or when that change started from nothing', () => {
    expect(rollBackOf(boards(), [change({ what: 'canary', to: '2.1.0', share: 5 })])).toBeNull();
    expect(rollBackOf(boards(), [change({ from: null, to: '2.0.0' })])).toBeNull();
    expect(rollBackOf(boards(), [])).toBeNull();
  });

  it('is blocked, saying why, when the previous version no longer fits the shell or is gone', () => {
    expect(rollBackOf(boards(), [change({ from: '0.5.0', to: '2.0.0' })])).toEqual({
      to: '0.5.0',
      blocked: 'react 18 does not match',
    });
    expect(rollBackOf(boards(), [change({ from: '0.1.0', to: '2.0.0' })])).toEqual({
      to: '0.1.0',
      blocked: 'is no longer published',
    });
  });
});

it('offers the starts on versions that are neither current nor the canary', () => {
  const remote = boards();
  expect(remote.versions.map((v) => versionActions(remote, v))).toEqual([
    [],
    [],
    ['makeCurrent', 'startCanary'],
    ['makeCurrent', 'startCanary'],
  ]);
});

it('sends promote and roll back as a plain change of current, and ending a canary as null', () => {
  expect(updateFor({ kind: 'promote', remote: 'mf_boards', version: '2.1.0' })).toEqual({ current: '2.1.0' });
  expect(updateFor({ kind: 'rollBack', remote: 'mf_boards', version: '1.0.0' })).toEqual({ current: '1.0.0' });
  expect(updateFor({ kind: 'endCanary', remote: 'mf_boards', version: '2.1.0' })).toEqual({ canary: null });
  expect(updateFor({ kind: 'changeShare', remote: 'mf_boards', version: '2.1.0', share: 40 })).toEqual({
    canary: { version: '2.1.0', share: 40 },
  });
});

it.each([
  ['1', 1],
  ['100', 100],
  [' 25 ', 25],
  ['0', null],
  ['101', null],
  ['2.5', null],
  ['-3', null],
  ['', null],
  ['ten', null],
])('reads the share %j as %p', (text, share) => {
  expect(parseShare(text)).toBe(share);
});

it('puts the answer of a change in the table: its remote replaced, its changes first', () => {
  const before = { remotes: [boards(), { ...boards(), name: 'mf_admin' as const }], history: [change({ id: 'old' })] };
  const changed = boards({ current: '1.0.0' });
  const made = change({ id: 'new', from: '2.0.0', to: '1.0.0' });
  const after = withUpdate(before, { remote: changed, change: [made] });
  expect(after.remotes.map((r) => r.current)).toEqual(['1.0.0', '2.0.0']);
  expect(after.history.map((c) => c.id)).toEqual(['new', 'old']);
});
