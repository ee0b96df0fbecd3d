import type { BoardDto, IssueDto, ProjectDto } from '@trackboard/contracts';
import type { TestPlatform } from '@trackboard/test-platform';

let keys = 0;

/** The people of a givenBoard, for tests that share them (each account is a registration with an argon2id hash). */
export async function givenBoardPeople(t: TestPlatform) {
  const [lead, member, outsider] = await Promise.all([
    t.givenUser({ name: 'Lea Lead' }),
    t.givenUser({ name: 'Max Member' }),
    t.givenUser({ name: 'Otto Outsider' }),
  ]);
  return { lead, member, outsider };
}
export type BoardPeople = Awaited<ReturnType<typeof givenBoardPeople>>;

/**
 * A project (lead, member, outsider) with its first board: To Do, In Progress, Done. The people
 * are new ones unless given: a project of their own for a test that only looks at what happens in it.
 */
export async function givenBoard(t: TestPlatform, people?: BoardPeople) {
  const { lead, member, outsider } = people ?? (await givenBoardPeople(t));
  const key = `B${Date.now().toString(36).slice(-6).toUpperCase()}${++keys}`.slice(0, 10);
  const project = await t.ok<ProjectDto>(t.as(lead.token).post('/api/projects', { name: `Board ${key}`, key }));
  await t.ok(t.as(lead.token).post(`/api/projects/${key}/members`, { email: member.email }));
  const board = await t.ok<BoardDto>(t.as(lead.token).get(`/api/boards/${project.boards[0]!.id}`));
  const column = (name: string) => board.columns.find((c) => c.name === name)!;
  const addIssue = (columnName: string, title: string, by = member.token) =>
    t.ok<IssueDto>(
      t.as(by).post('/api/issues', {
        projectId: project.id,
        columnId: column(columnName).id,
        title,
        type: 'TASK',
        priority: 'MEDIUM',
      }),
    );
  const fetchBoard = (by = member.token) => t.ok<BoardDto>(t.as(by).get(`/api/boards/${board.id}`));
  return { key, project, board, lead, member, outsider, column, addIssue, fetchBoard };
}
export type GivenBoard = Awaited<ReturnType<typeof givenBoard>>;

/** Titles per column, in board order. */
export const titlesByColumn = (board: BoardDto) =>
  Object.fromEntries(board.columns.map((c) => [c.name, c.issues.map((i) => i.title)]));

/** Every issue of a board, column by column (each issue is in the fetch once, under its column). */
export const issuesOf = (board: BoardDto) => board.columns.flatMap((c) => c.issues);
