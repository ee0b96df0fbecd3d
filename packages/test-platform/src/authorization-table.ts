import { freshAddress } from './client-addresses';
import type { TestPlatform } from './platform';

/** A request: method, path and body. */
export type Call = [method: string, path: string, body?: unknown];

/**
 * What a row's call changes when it is let through (2xx), so that cell gets its own instead of the
 * shared one: 'target' — a new target (and the callers who belong to it, from that one); 'caller' —
 * a new caller (logout ends the caller's session), and a new target with it. A refused call
 * changes nothing, so its cell keeps the shared ones; a row without it changes neither.
 */
export type Fresh = 'caller' | 'target';

/** A route, the status per caller (in the order of the callers), the request it makes, and what it changes. */
export type AuthorizationRow<Target, Me> = [
  route: string,
  expected: number[],
  call: (target: Target, me: Me) => Call | Promise<Call>,
  fresh?: Fresh,
];

/**
 * Each kind of caller, in the order of a row's statuses, and how to arrange one. A caller of the
 * target (a function that takes it: `(p) => p.lead`) comes with each target; the others are
 * arranged once per file: every table given the same callers shares them.
 */
export type Callers<Target, Me> = Record<string, (target: Target) => Me | Promise<Me>>;

export type AuthorizationTableOptions<Target, Me> = {
  /** The platform the calls go to (a function: the file's beforeAll makes it). */
  platform: () => TestPlatform;
  /** What the rows act on: made once and shared, and made anew for a cell whose call changes it. */
  target?: () => Target | Promise<Target>;
  /** How a call is sent: by default through the gateway's route table, from an address of its own. */
  send?: (call: Call, me: Me) => Response | Promise<Response>;
};

/** The answers that let a call through: only those can have changed anything. */
const letThrough = (status: number) => status >= 200 && status < 300;

// The callers that are not the target's, once per file (jest loads this module once per file).
const arrangedOnce = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Who may call what: one test per row, which calls the route as every kind of caller and compares
 * what each got with what the row expects (caller → status). Callers and the target are arranged
 * once and shared; only a cell that changes something gets a new one (see Fresh).
 */
export function authorizationTable<Target, Me extends { token?: string } | undefined>(
  rows: AuthorizationRow<Target, Me>[],
  callers: Callers<Target, Me>,
  options: AuthorizationTableOptions<Target, Me>,
): void {
  const kinds = Object.keys(callers);
  for (const [route, expected] of rows)
    if (expected.length !== kinds.length)
      throw new Error(`${route}: ${expected.length} statuses for ${kinds.length} callers (${kinds.join(', ')})`);

  const arrange = async (kind: string, target: Target) => callers[kind]!(target);
  const ofTarget = (kind: string) => callers[kind]!.length > 0;
  const newTarget = async () => (await options.target?.()) as Target;
  const send =
    options.send ??
    (([method, path, body]: Call, me: Me) =>
      options.platform().request(method, path, { token: me?.token, body, ip: freshAddress() }));

  let sharedTarget: Promise<Target> | undefined;
  let ofSharedTarget = new Map<string, Promise<Me>>();
  const once = arrangedOnce.get(callers) ?? new Map<string, Promise<unknown>>();
  arrangedOnce.set(callers, once);
  const shared = {
    target: () => (sharedTarget ??= newTarget()),
    caller(kind: string): Promise<Me> {
      const held = ofTarget(kind) ? ofSharedTarget : once;
      // A caller that is not the target's never reads it.
      if (!held.has(kind))
        held.set(
          kind,
          ofTarget(kind) ? shared.target().then((t) => arrange(kind, t)) : arrange(kind, undefined as Target),
        );
      return held.get(kind) as Promise<Me>;
    },
    forget(kind: string) {
      sharedTarget = undefined;
      ofSharedTarget = new Map();
      once.delete(kind);
    },
  };

  // One after another: arranging accounts at once would race for the platform's administrator
  // session (its logins from one address are throttled).
  beforeAll(async () => {
    await shared.target();
    for (const kind of kinds) await shared.caller(kind);
  });

  // The row as one argument: jest hands a test taking more arguments than the row has a `done`.
  it.each(rows.map((row) => [row[0], row] as const))('%s', async (_route, [, expected, call, fresh]) => {
    const got: Record<string, number> = {};
    for (const [i, kind] of kinds.entries()) {
      const anew = fresh !== undefined && letThrough(expected[i]!);
      const target = anew ? await newTarget() : await shared.target();
      const me =
        anew && (fresh === 'caller' || ofTarget(kind)) ? await arrange(kind, target) : await shared.caller(kind);
      const status = (await send(await call(target, me), me)).status;
      got[kind] = status;
      // Let through where it should have been refused (this row fails): it changed what was
      // shared, so the rows after it get theirs anew and fail only for themselves.
      if (fresh !== undefined && !anew && letThrough(status)) shared.forget(kind);
    }
    expect(got).toEqual(Object.fromEntries(kinds.map((kind, i) => [kind, expected[i]])));
  });
}

/**
 * A target of several parts, each made the first time a row asks for it: a fresh target makes
 * only what its row uses.
 */
export function onDemand<Key, Part>(make: (key: Key) => Promise<Part>): (key: Key) => Promise<Part> {
  const made = new Map<Key, Promise<Part>>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key)!;
  };
}
