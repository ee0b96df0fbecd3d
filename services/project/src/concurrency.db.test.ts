import { createTestPlatform, givenProject, type TestPlatform } from '@trackboard/test-platform';

// Archiving a project when two requests race: the update archives only a project not archived
// yet, so the second waits for the first one's row lock, then finds it archived (409). PGlite's
// one connection runs them one after another; PostgreSQL (server-pg) runs them side by side.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

describe('archiving a project', () => {
  it('archives once when two requests race: one 200, one 409', async () => {
    const p = await givenProject(t);
    const statuses = await Promise.all(
      [p.lead.token, (await t.admin()).token].map(
        async (token) => (await t.as(token).post(`/api/projects/${p.key}/archive`)).status,
      ),
    );
    expect(statuses.sort()).toEqual([200, 409]);
  });
});
