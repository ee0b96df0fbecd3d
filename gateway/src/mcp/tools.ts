import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  AssignedIssuesQuery,
  CreateCommentRequest,
  CreateIssueRequest,
  Id,
  IssueKeyParam,
  lineText,
  MoveIssueRequest,
  ProjectKey,
  SearchQuery,
  UpdateIssueRequest,
  type AssignedIssuesPageDto,
  type BoardDto,
  type ColumnDto,
  type CommentDto,
  type IssueDto,
  type IssueWriteResult,
  type MoveResult,
  type ProjectDto,
  type SearchResult,
} from '@trackboard/contracts';
import { ApiRefusal, type ApiClient } from './api-client';

// Each tool is a few calls of the public API with the caller's token: the inputs are the API's own
// contract fields (taken by name from the request schemas, so a rule changed there changes here),
// keyed by what an agent knows — an issue key, a project key, a column's name — rather than row ids.

export const IssueKey = IssueKeyParam.shape.key.describe('The issue key, like WEB-12');
/** A column of the issue's board, by its name (any case) or its id, as list_board_columns shows them. */
const ColumnRef = lineText({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(100, 'is too long')
  .describe("The column's name (any case) or id, as list_board_columns lists them");

/** What a tool answers: the data as JSON text, or — when the API refused — its message, marked as an error. */
export async function answer(work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return { content: [{ type: 'text', text: JSON.stringify(await work(), null, 2) }] };
  } catch (error) {
    if (error instanceof ApiRefusal) return { isError: true, content: [{ type: 'text', text: error.message }] };
    throw error;
  }
}

export const byKey = (api: ApiClient, key: string) =>
  api.get<IssueDto>(`/api/issues/by-key/${encodeURIComponent(key)}`);
const boardOf = (api: ApiClient, boardId: string | number) => api.get<BoardDto>(`/api/boards/${boardId}`);

/** The column a reference names on a board: by id first, then by name, ignoring case. */
function columnOf(board: BoardDto, ref: string): ColumnDto {
  const wanted = ref.toLowerCase();
  const column = board.columns.find((c) => c.id === ref) ?? board.columns.find((c) => c.name.toLowerCase() === wanted);
  if (!column)
    throw new ApiRefusal(
      404,
      `No column "${ref}" on board ${board.name}; its columns are: ${board.columns.map((c) => c.name).join(', ')}.`,
    );
  return column;
}

/** An issue as an agent reads it: the write results' board bookkeeping left out. */
export const issueOf = ({ boardVersion: _v, rebalanced: _r, ...issue }: IssueWriteResult): IssueDto => issue;

export function registerTools(server: McpServer, api: ApiClient) {
  server.registerTool(
    'search_issues',
    {
      description: 'Search the issues (and projects) you can see by words of their title or description, best first.',
      inputSchema: {
        q: SearchQuery.shape.q,
        project: SearchQuery.shape.project.describe('A project key: its issues rank first'),
        limit: SearchQuery.shape.limit,
        offset: SearchQuery.shape.offset,
      },
      annotations: { readOnlyHint: true },
    },
    (query) => answer(() => api.get<SearchResult>('/api/search', query)),
  );

  server.registerTool(
    'get_issue',
    {
      description: 'An issue by its key, with all its fields and its comments (replies nested).',
      inputSchema: { key: IssueKey },
      annotations: { readOnlyHint: true },
    },
    ({ key }) =>
      answer(async () => {
        const issue = await byKey(api, key);
        // The issue's own answer leaves its comments to their own route.
        return { ...issue, comments: await api.get<CommentDto[]>(`/api/issues/${issue.id}/comments`) };
      }),
  );

  server.registerTool(
    'create_issue',
    {
      description:
        "Create an issue in a project: on its first board unless boardId says which, in the board's first column unless column says which.",
      inputSchema: {
        project: ProjectKey.describe('The project key, like WEB'),
        boardId: Id.optional().describe("One of the project's boards (default: its first)"),
        column: ColumnRef.optional(),
        title: CreateIssueRequest.shape.title,
        description: CreateIssueRequest.shape.description.describe('Markdown'),
        type: CreateIssueRequest.shape.type,
        priority: CreateIssueRequest.shape.priority,
        assigneeId: CreateIssueRequest.shape.assigneeId.describe('A project member’s user id'),
        labelIds: CreateIssueRequest.shape.labelIds,
        dueDate: CreateIssueRequest.shape.dueDate.describe('YYYY-MM-DD'),
      },
    },
    ({ project: key, boardId, column, ...fields }) =>
      answer(async () => {
        const project = await api.get<ProjectDto>(`/api/projects/${encodeURIComponent(key)}`);
        const board = await boardOf(api, boardId ?? project.boards[0]!.id);
        const target = column === undefined ? board.columns[0] : columnOf(board, column);
        if (!target) throw new ApiRefusal(409, `Board ${board.name} has no column to put an issue in.`);
        return issueOf(
          await api.send<IssueWriteResult>('POST', '/api/issues', {
            ...fields,
            projectId: project.id,
            columnId: target.id,
          }),
        );
      }),
  );

  server.registerTool(
    'update_issue',
    {
      description:
        'Change fields of an issue (only those given). To move it to another column use move_issue. assigneeId null unassigns, dueDate null clears, estimate null clears.',
      inputSchema: {
        key: IssueKey,
        title: UpdateIssueRequest.shape.title,
        description: UpdateIssueRequest.shape.description,
        type: UpdateIssueRequest.shape.type,
        priority: UpdateIssueRequest.shape.priority,
        assigneeId: UpdateIssueRequest.shape.assigneeId,
        labelIds: UpdateIssueRequest.shape.labelIds,
        dueDate: UpdateIssueRequest.shape.dueDate,
        estimate: UpdateIssueRequest.shape.estimate.describe(
          "On the project's estimate scale: 1, 2, 3, 5 or 8 (T-shirt sizes XS, S, M, L, XL are sent as these)",
        ),
        relatedCode: UpdateIssueRequest.shape.relatedCode,
        links: UpdateIssueRequest.shape.links,
        instructions: UpdateIssueRequest.shape.instructions,
      },
    },
    ({ key, ...fields }) =>
      answer(async () => {
        const issue = await byKey(api, key);
        return issueOf(await api.send<IssueWriteResult>('PATCH', `/api/issues/${issue.id}`, fields));
      }),
  );

  server.registerTool(
    'move_issue',
    {
      description:
        "Move an issue to a column of its board (its status follows the column), at the column's end unless position says where.",
      inputSchema: {
        key: IssueKey,
        column: ColumnRef,
        position: MoveIssueRequest.shape.position.optional().describe('0 is the top of the column'),
      },
    },
    ({ key, column, position }) =>
      answer(async () => {
        const issue = await byKey(api, key);
        const board = await boardOf(api, issue.boardId);
        const destination = columnOf(board, column);
        const end = destination.issues.filter((i) => i.id !== issue.id).length;
        const move = MoveIssueRequest.parse({
          boardId: board.id,
          sourceColumnId: issue.columnId ?? destination.id,
          destinationColumnId: destination.id,
          position: position ?? end,
        });
        const moved = await api.send<MoveResult>('PUT', `/api/issues/${issue.id}/position`, move);
        return moved.issues.find((i) => i.id === issue.id) ?? byKey(api, key);
      }),
  );

  server.registerTool(
    'add_comment',
    {
      description: 'Comment on an issue (Markdown; @-mentions notify), or reply to one of its comments.',
      inputSchema: {
        key: IssueKey,
        body: CreateCommentRequest.shape.body,
        parentCommentId: CreateCommentRequest.shape.parentCommentId.describe('The comment this one answers'),
      },
    },
    ({ key, ...comment }) =>
      answer(async () => {
        const issue = await byKey(api, key);
        return api.send<CommentDto>('POST', `/api/issues/${issue.id}/comments`, comment);
      }),
  );

  server.registerTool(
    'list_my_issues',
    {
      description:
        'The issues assigned to you (open ones unless status is given), by project then the most recently updated. Filters are comma-separated lists.',
      inputSchema: AssignedIssuesQuery.shape,
      annotations: { readOnlyHint: true },
    },
    (query) => answer(() => api.get<AssignedIssuesPageDto>('/api/dashboard/assigned', query)),
  );

  server.registerTool(
    'list_board_columns',
    {
      description:
        "A board's columns in order, each with its WIP limit and its issues' keys and titles (the boards of a project: the resource trackboard://projects/{key}/boards).",
      inputSchema: { boardId: Id },
      annotations: { readOnlyHint: true },
    },
    ({ boardId }) =>
      answer(async () => {
        const board = await boardOf(api, boardId);
        return {
          board: { id: board.id, name: board.name, projectKey: board.projectKey },
          columns: board.columns.map(({ issues, ...column }) => ({
            ...column,
            issueCount: issues.length,
            issues: issues.map((i) => ({ key: i.key, title: i.title, status: i.status })),
          })),
        };
      }),
  );
}
