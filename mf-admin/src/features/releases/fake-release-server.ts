import {
  remoteNames,
  type ReleaseChangeDto,
  type ReleasesResponse,
  type ReleaseUpdateRequest,
  type RemoteReleaseDto,
} from '@trackboard/contracts';
import { answer, type FakeAnswer, fakeApi, type RecordedCall } from '@trackboard/web-kit/testing';

// The gateway's release table as the Releases page's tests see it, behind a fake
// `fetch`: GET /api/admin/releases answers the table, PUT /api/admin/releases/:remote changes
// it with the gateway's rules (an unknown version is a 404, one that does not fit the shell a
// 409 with its reason, making the canary current ends the canary) and records the history.

/** The administrator the tests sign in as (render-admin's signInAsAdmin). */
const actor = { id: '1', name: 'Root Admin' };
const changedAt = '2024-06-10T12:00:00.000Z';

export function fakeReleaseServer(initial: ReleasesResponse) {
  const table: ReleasesResponse = JSON.parse(JSON.stringify(initial));
  let nextId = 1000;
  const record = (remote: RemoteReleaseDto, fields: Pick<ReleaseChangeDto, 'what' | 'from' | 'to' | 'share'>) => {
    const change: ReleaseChangeDto = { id: String(nextId++), remote: remote.name, by: actor, at: changedAt, ...fields };
    table.history.unshift(change);
    return change;
  };

  /** The listed version, or the answer refusing it. */
  const usable = (remote: RemoteReleaseDto, version: string): FakeAnswer | null => {
    const listed = remote.versions.find((each) => each.version === version);
    if (!listed) return answer(404, { message: `Version ${version} of ${remote.name} was not found.` });
    if (!listed.compatible) return answer(409, { message: listed.problem ?? 'Not compatible with the shell.' });
    return null;
  };

  const update = (remote: RemoteReleaseDto, call: RecordedCall): FakeAnswer => {
    const body = call.body as ReleaseUpdateRequest;
    const refused = [body.current, body.canary?.version]
      .filter((version): version is string => version !== undefined)
      .map((version) => usable(remote, version))
      .find((refusal) => refusal !== null);
    if (refused) return refused;

    const change: ReleaseChangeDto[] = [];
    const endCanary = () => {
      change.push(record(remote, { what: 'canary', from: remote.canary!.version, to: null, share: null }));
      remote.canary = null;
      remote.canaryFailures = { count: 0, lastAt: null, lastMessage: null };
    };
    if (body.current !== undefined && body.current !== remote.current) {
      change.push(record(remote, { what: 'current', from: remote.current, to: body.current, share: null }));
      remote.current = body.current;
      if (remote.canary?.version === body.current) endCanary();
    }
    if (body.canary === null && remote.canary) endCanary();
    if (body.canary) {
      change.push(
        record(remote, {
          what: 'canary',
          from: remote.canary?.version ?? null,
          to: body.canary.version,
          share: body.canary.share,
        }),
      );
      if (remote.canary?.version !== body.canary.version)
        remote.canaryFailures = { count: 0, lastAt: null, lastMessage: null };
      remote.canary = { ...body.canary };
    }
    // Newest first, as the history is.
    return answer(200, { remote, change: change.reverse() });
  };

  const server = fakeApi({ 'GET /api/admin/releases': () => answer(200, table) });
  for (const name of remoteNames) {
    server.on(`PUT /api/admin/releases/${name}`, (call) =>
      update(
        table.remotes.find((r) => r.name === name)!,
        call,
      ),
    );
  }
  return {
    table,
    calls: server.calls,
    /** The bodies sent to PUT /api/admin/releases/:remote, in order. */
    updatesOf: (name: string) => server.callsTo(`PUT /api/admin/releases/${name}`).map((call) => call.body),
    /** How often the page asked for the table. */
    loads: () => server.callsTo('GET /api/admin/releases').length,
    /** The next PUT for this remote gets `reply` instead of the fake gateway's answer (then it answers again). */
    answerOnce(name: string, reply: FakeAnswer) {
      const route = `PUT /api/admin/releases/${name}`;
      server.on(route, () => {
        server.on(route, (call) =>
          update(
            table.remotes.find((r) => r.name === name)!,
            call,
          ),
        );
        return reply;
      });
    },
    /** Every GET of the table gets `reply` from now on. */
    failLoads(reply: FakeAnswer) {
      server.on('GET /api/admin/releases', reply);
    },
  };
}
