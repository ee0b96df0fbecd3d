import type { BoardDto, ColumnDto, CommentDto, IssueDto } from '@trackboard/contracts';
import { useSession } from '@trackboard/web-kit';
import { useBoardStore } from '../shared/board-store';
import { useIssueSelection } from '../shared/issue-selection';

// Board data as the server sends it, for tests that stand in for the server.

let nextId = 100;

export function issue(fields: Partial<IssueDto> & { id: string; columnId: string | null; position: number }): IssueDto {
  return {
    boardId: '1',
    projectId: '3',
    number: Number(fields.id),
    key: `WEB-${fields.id}`,
    title: `Issue ${fields.id}`,
    description: '',
    status: 'TODO',
    rank: `a${fields.position}`,
    type: 'TASK',
    priority: 'MEDIUM',
    reporterId: '7',
    assigneeId: null,
    owner: '',
    labelIds: [],
    dueDate: null,
    estimate: null,
    commentCount: 0,
    attachmentCount: 0,
    coverAttachmentId: null,
    parentId: null,
    cycleId: null,
    subIssueCount: 0,
    subIssuesDone: 0,
    blocked: false,
    relatedCode: '',
    links: [],
    instructions: '',
    version: 1,
    createdAt: '2025-01-02T10:00:00.000Z',
    updatedAt: '2025-01-02T10:00:00.000Z',
    comments: [],
    ...fields,
  };
}

/** A board "Web" with To Do (10), In Progress (11) and Done (12). */
export function board(issues?: IssueDto[], fields: Partial<BoardDto> = {}): BoardDto {
  const all = issues ?? [
    issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec' }),
    issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board' }),
    issue({ id: '3', columnId: '11', position: 0, title: 'Build the API', status: 'IN_PROGRESS' }),
  ];
  const columns: ColumnDto[] = [
    { id: '10', name: 'To Do', position: 0, wipLimit: null, issues: [] },
    { id: '11', name: 'In Progress', position: 1, wipLimit: null, issues: [] },
    { id: '12', name: 'Done', position: 2, wipLimit: null, issues: [] },
  ].map((column) => ({
    ...column,
    issues: all.filter((i) => i.columnId === column.id).sort((a, b) => a.position - b.position),
  }));
  return {
    id: '1',
    name: 'Web board',
    projectId: '3',
    projectKey: 'WEB',
    leadId: '7',
    viewerIds: [],
    viewersMayComment: true,
    version: 5,
    columns,
    users: [
      { id: '7', name: 'Ada Lovelace', email: 'ada@example.com', avatarUrl: null },
      { id: '8', name: 'Grace Hopper', email: 'grace@example.com', avatarUrl: null },
    ],
    labels: [],
    estimateScale: 'none',
    ...fields,
  };
}

export function comment(fields: Partial<CommentDto> & { id: string }): CommentDto {
  return {
    issueId: '1',
    parentCommentId: null,
    author: { id: '7', name: 'Ada Lovelace', avatarUrl: null },
    body: `Comment ${fields.id}`,
    createdAt: `2025-01-03T10:00:0${nextId++ % 10}.000Z`,
    edited: false,
    editedAt: null,
    reactions: { thumbsup: [], heart: [] },
    replies: [],
    ...fields,
  };
}

/** Ada (id 7) is the project lead; Grace (8) a member; an admin is id 1. */
export const ada = { id: '7', name: 'Ada Lovelace', email: 'ada@example.com', role: 'user', status: 'ACTIVE' };
export const grace = { id: '8', name: 'Grace Hopper', email: 'grace@example.com', role: 'user', status: 'ACTIVE' };
export const admin = {
  id: '1',
  name: 'Admin',
  email: 'admin@example.com',
  role: 'admin',
  isAdmin: true,
  status: 'ACTIVE',
};

export function signInAs(user: typeof ada | typeof admin | null) {
  localStorage.clear();
  if (user) useSession.getState().signIn('token-1', user);
  else useSession.getState().signOut();
}

export function resetBoardStore() {
  useBoardStore.getState().reset();
  useIssueSelection.setState({ ids: [], anchor: null, order: [] });
}

/** The titles in each column, in order, as the store holds them. */
export const columnTitles = () => useBoardStore.getState().columns.map((column) => column.issues.map((i) => i.title));
