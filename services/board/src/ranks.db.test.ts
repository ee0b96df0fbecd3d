import { sql } from 'drizzle-orm';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { needsRebalance, rankBetween, REBALANCE_LENGTH } from './domain/ordering';

// A move's key is made in SQL (board.rank_between, migration 0023) and every other key by
// fractional-indexing in TypeScript: both must make the same key for the same gap, or a column's
// order would depend on which wrote it. Compared over gaps as a board's columns come to have them
// (spread keys, keys grown by repeated inserts, both ends, integer parts rolling over) and the
// edges of the key space.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

type Gap = [before: string | null, after: string | null];

/** What a move written in TypeScript would use for the gap: its key, or '' to rebalance first. */
function expected([before, after]: Gap): string {
  try {
    const rank = rankBetween(before, after);
    return needsRebalance(rank) ? '' : rank;
  } catch {
    return ''; // past the largest or the smallest integer part: only fresh keys help
  }
}

/** Gaps of a column that grows by `inserts` inserts at seeded random places, and its ends. */
function grownColumn(start: number, inserts: number, seed: number): Gap[] {
  let state = seed;
  const next = (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
  const keys = generateNKeysBetween(null, null, start);
  for (let i = 0; i < inserts; i++) {
    const at = next(keys.length + 1);
    keys.splice(at, 0, generateKeyBetween(keys[at - 1] ?? null, keys[at] ?? null));
  }
  return [[null, null], [null, keys[0]!], [keys.at(-1)!, null], ...keys.slice(1).map((k, i): Gap => [keys[i]!, k])];
}

/** Gaps that keep landing between the same two: keys grow to the rebalance length and past it. */
function narrowing(): Gap[] {
  const gaps: Gap[] = [];
  let [low, high] = ['a0', 'a1'];
  for (let i = 0; i < 60; i++) {
    const mid = generateKeyBetween(low, high);
    gaps.push([low, high]);
    if (i % 2) low = mid;
    else high = mid;
  }
  return gaps;
}

const edges: Gap[] = [
  ['Zz', 'a0'],
  ['Zz', null],
  [null, 'a0'],
  ['a0', 'a0V'],
  ['az', 'b00'],
  ['az', null],
  ['b0z', null],
  ['Yzz', null],
  [null, 'Yzz'],
  [null, 'b00'],
  [null, 'A00000000000000000000000001'],
  ['A00000000000000000000000001', 'A00000000000000000000000002'],
  ['zzzzzzzzzzzzzzzzzzzzzzzzzzz', null],
  ['zzzzzzzzzzzzzzzzzzzzzzzzzzy', 'zzzzzzzzzzzzzzzzzzzzzzzzzzz'],
  [null, 'A00000000000000000000000000V'],
  ['a0', 'a0'], // equal old keys leave no gap
  ['a1', 'a0'],
];

async function sqlKeys(gaps: Gap[]): Promise<string[]> {
  const rows = await queryRows<{ rank: string }>(
    t.database.db,
    sql`select board.rank_between(g.before, g.after, ${REBALANCE_LENGTH}) as rank
      from unnest(${sql.param(gaps.map((g) => g[0]))}::text[], ${sql.param(gaps.map((g) => g[1]))}::text[])
        with ordinality as g(before, after, n)
      order by g.n`,
  );
  return rows.map((r) => r.rank);
}

describe('a move’s key made in SQL', () => {
  it.each([
    ['a fresh column', grownColumn(40, 0, 1)],
    ['a column grown by inserts at random places', grownColumn(10, 600, 7)],
    ['a large column grown further', grownColumn(2000, 300, 11)],
    ['one gap narrowed until it needs fresh keys', narrowing()],
    ['the edges of the key space', edges],
  ])('is the key TypeScript makes, in %s', async (_, gaps) => {
    expect(await sqlKeys(gaps)).toEqual(gaps.map(expected));
  });

  it('lies between its neighbours, byte-wise, wherever one fits', async () => {
    const gaps = grownColumn(5, 400, 3);
    const keys = await sqlKeys(gaps);
    const between = gaps.map(([before, after], i) => {
      const key = keys[i]!;
      return key !== '' && (before === null || before < key) && (after === null || key < after);
    });
    expect(between.every(Boolean)).toBe(true);
  });
});
