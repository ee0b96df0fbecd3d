import type { UserSearchHit } from '@trackboard/contracts';
import {
  createTestPlatform,
  givenProject,
  type GivenProject,
  type GivenUser,
  type TestPlatform,
} from '@trackboard/test-platform';

// GET /users/search answers what adding a member needs, and no more: the people the caller
// shares a project with (an administrator: every active account), with their e-mail only for a
// caller who may add members (a project lead, an administrator). Anyone else's e-mail stays
// private; a lead adds someone new by typing their exact e-mail, which the add-member call takes.

let t: TestPlatform;
let p: GivenProject;
let colleague: GivenUser;
let stranger: GivenUser;
let adminToken: string;
const tag = `qs${Date.now().toString(36)}`;
beforeAll(async () => {
  t = await createTestPlatform();
  adminToken = (await t.admin()).token;
  p = await givenProject(t);
  colleague = await t.givenUser({ name: `Colleague ${tag}` });
  await t.ok(t.as(p.lead.token).post(`/api/projects/${p.key}/members`, { email: colleague.email }));
  stranger = await t.givenUser({ name: `Stranger ${tag}` });
});
afterAll(() => t.close());

const search = (token: string, query = tag) =>
  t.ok<UserSearchHit[]>(t.as(token).get(`/api/users/search?query=${encodeURIComponent(query)}`));
const idsOf = (hits: UserSearchHit[]) => hits.map((hit) => hit.id);

describe('searching accounts', () => {
  it('leaves out someone who shares no project with the caller', async () => {
    expect(idsOf(await search(p.lead.token))).not.toContain(stranger.user.id);
    expect(idsOf(await search(p.member.token))).not.toContain(stranger.user.id);
    // Nor does the stranger find the project's people, by name or by e-mail.
    expect(await search(stranger.token, 'Colleague')).toEqual([]);
    expect(await search(stranger.token, colleague.email)).toEqual([]);
  });

  it('lists a co-member, with the e-mail for a project lead', async () => {
    expect(await search(p.lead.token)).toEqual([
      { id: colleague.user.id, name: `Colleague ${tag}`, email: colleague.email },
    ]);
  });

  it('shows a co-member who leads no project the name but not the e-mail', async () => {
    expect(await search(p.member.token)).toEqual([{ id: colleague.user.id, name: `Colleague ${tag}`, email: null }]);
    // Searching by an e-mail the caller may not see tells nothing either.
    expect(await search(p.member.token, colleague.email)).toEqual([]);
  });

  it('lists every active account, with its e-mail, for an administrator', async () => {
    const pending = await t.givenUser({ status: 'PENDING_APPROVAL', name: `Pending ${tag}` });
    const hits = await search(adminToken);
    expect(hits).toEqual([
      { id: colleague.user.id, name: `Colleague ${tag}`, email: colleague.email },
      { id: stranger.user.id, name: `Stranger ${tag}`, email: stranger.email },
    ]);
    expect(idsOf(hits)).not.toContain(pending.user.id);
  });
});
