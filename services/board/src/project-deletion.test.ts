import { sql } from 'drizzle-orm';
import type { DomainEvent } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBusyProject, noRows, projectRows } from './testing/project-rows';
import { until } from './testing/until';

// Deleting a project in embedded mode: the project service records
// project.deleted with the deletion, the relay delivers it in-process, and the board service
// removes the project's boards and everything on them, once. Until then, and from the
// deletion's commit on, the board service answers as if they were already gone.

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

describe('deleting a project', () => {
  it('answers 404 for its board, issues and comments at once, and leaves none of their rows behind', async () => {
    const p = await givenBusyProject(t);
    const before = await projectRows(t.database.db, p);
    expect(before).toMatchObject({
      boards: 1,
      columns: 3,
      issues: 2,
      comments: 2,
      reactions: 1,
      labels: 1,
      issueNumbers: 1,
    });
    expect(before.activity).toBeGreaterThan(0);

    expect((await t.as(p.lead.token).delete(`/api/projects/${p.key}`)).status).toBe(204);
    const admin = (await t.admin()).token;
    for (const path of [
      `/api/boards/${p.board.id}`,
      `/api/issues/${p.ids.issueIds[0]}`,
      `/api/issues/${p.ids.issueIds[0]}/comments`,
    ])
      for (const token of [admin, p.lead.token, p.member.token]) expect((await t.as(token).get(path)).status).toBe(404);

    await until(async () => (await projectRows(t.database.db, p)).boards === 0, 'the board service handled it');
    expect(await projectRows(t.database.db, p)).toEqual(noRows);
  });

  it('refuses a new board under the deleted project, even to an administrator', async () => {
    const p = await givenBusyProject(t);
    expect((await t.as(p.lead.token).delete(`/api/projects/${p.key}`)).status).toBe(204);
    const res = await t.as((await t.admin()).token).post(`/api/projects/${p.project.id}/boards`, { name: 'Orphan' });
    expect(res.status).toBe(404);
    await until(async () => (await projectRows(t.database.db, p)).boards === 0, 'the board service handled it');
    expect(await projectRows(t.database.db, p)).toEqual(noRows);
  });

  it('handles the event once: delivered again, it changes nothing and fails nothing', async () => {
    const p = await givenBusyProject(t);
    const delivered = new Promise<DomainEvent>((resolve) =>
      t.events.listen({ 'project.deleted': (e) => void (e.projectId === p.project.id && resolve(e)) }),
    );
    expect((await t.as(p.lead.token).delete(`/api/projects/${p.key}`)).status).toBe(204);
    const event = await delivered;
    await until(async () => (await projectRows(t.database.db, p)).boards === 0, 'the board service handled it');

    await expect(t.events.append(event)).resolves.toBeUndefined();
    const [handled] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from board.handled_events where event_id = ${event.id}`,
    );
    expect(handled!.n).toBe(1);
    expect(await projectRows(t.database.db, p)).toEqual(noRows);
  });
});
