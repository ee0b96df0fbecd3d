import { randomUUID } from 'node:crypto';
import type {
  BoardDto,
  DomainEvent,
  DomainEventPayload,
  IssueDto,
  IssueEventRef,
  NotificationDto,
  NotificationList,
  ProjectDto,
} from '@trackboard/contracts';
import type { Clock } from '@trackboard/server-kit';
import {
  freshProjectKey,
  givenProject,
  type GivenProject,
  type GivenUser,
  type TestPlatform,
} from '@trackboard/test-platform';

/** A clock a test moves by hand. */
export function testClock(start = new Date('2030-01-01T09:00:00Z')): Clock & { advance(ms: number): void } {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms) => void (now += ms) };
}

/** An event as an outbox would relay it: the payload with a fresh id. */
export const envelope = (payload: DomainEventPayload): DomainEvent =>
  ({ ...payload, id: randomUUID(), occurredAt: new Date().toISOString() }) as DomainEvent;

/** The people of a team, for tests that share them (each account is a registration with an argon2id hash). */
export async function givenPeople(t: TestPlatform) {
  const [lead, member, extra, outsider] = await Promise.all([
    t.givenUser({ name: 'Lena Lead' }),
    t.givenUser({ name: 'Mo Member' }),
    t.givenUser({ name: 'Ed Extra' }),
    t.givenUser({ name: 'Otto Outsider' }),
  ]);
  return { lead, member, extra, outsider };
}
export type GivenPeople = Awaited<ReturnType<typeof givenPeople>>;

/** A new project of `people`, as givenProject makes one: led by the lead, member and extra on its team. */
async function projectOf(t: TestPlatform, { lead, member, extra }: GivenPeople): Promise<GivenProject> {
  const key = freshProjectKey();
  const project = await t.ok<ProjectDto>(t.as(lead.token).post('/api/projects', { name: `Project ${key}`, key }));
  for (const u of [member, extra])
    await t.ok(t.as(lead.token).post(`/api/projects/${key}/members`, { email: u.email }));
  return { key, project, lead, member, extra };
}

/**
 * A project (lead, member, extra, and an outsider who belongs to none of it) with its board,
 * issues made through the board service, and the issue events a change of them would record,
 * handed to the platform's bus as the board service's relay would. The people are new ones
 * unless given: a project of their own for a test that only looks at what happens in it.
 */
export async function givenTeam(t: TestPlatform, people?: GivenPeople) {
  const project = people ? await projectOf(t, people) : await givenProject(t);
  const outsider = people?.outsider ?? (await t.givenUser({ name: 'Otto Outsider' }));
  const board = await t.ok<BoardDto>(t.as(project.lead.token).get(`/api/boards/${project.project.boards[0]!.id}`));
  const newIssue = (by: GivenUser = project.member, title = 'Fix the login page') =>
    t.ok<IssueDto>(
      t.as(by.token).post('/api/issues', { projectId: project.project.id, columnId: board.columns[0]!.id, title }),
    );
  /** What every issue event says about `issue`, changed by `actor`. */
  const ref = (issue: IssueDto, actor: GivenUser, changes: Partial<IssueEventRef> = {}): IssueEventRef => ({
    issueId: issue.id,
    issueKey: issue.key,
    projectId: issue.projectId,
    projectKey: project.key,
    boardId: issue.boardId,
    title: issue.title,
    actorId: actor.user.id,
    reporterId: issue.reporterId,
    assigneeId: issue.assigneeId,
    ...changes,
  });
  return { ...project, outsider, board, newIssue, ref };
}
export type GivenTeam = Awaited<ReturnType<typeof givenTeam>>;

/** Hands an event to the platform's bus (in memory: resolves once every consumer handled it). */
export async function deliver(t: TestPlatform, payload: DomainEventPayload): Promise<DomainEvent> {
  const event = envelope(payload);
  await t.events.append(event);
  return event;
}

/** A user's notifications (newest first) and unread count. */
export const inbox = (t: TestPlatform, who: GivenUser, query = '') =>
  t.ok<NotificationList>(t.as(who.token).get(`/api/notifications${query}`));

/** A user's notifications about one issue, oldest first, as `kind` lines (what most rule tests compare). */
export async function kindsAbout(t: TestPlatform, who: GivenUser, issue: { id: string }): Promise<string[]> {
  const { notifications } = await inbox(t, who, '?limit=100');
  return notifications
    .filter((n: NotificationDto) => n.issueId === issue.id)
    .reverse()
    .map((n) => n.kind);
}

/** Resolves once `condition` holds (checked every few milliseconds); fails after 20 s, naming what it waited for. */
export async function until(condition: () => boolean | Promise<boolean>, what = 'the condition'): Promise<void> {
  for (const deadline = Date.now() + 20_000; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`${what} did not come true`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
