import {
  messages,
  ORIGIN_HEADER,
  type BoardDto,
  type BulkEditBody,
  type BulkEditResult,
  type ColumnDto,
  type CommentDto,
  type IssueActivityDto,
  type IssueDto,
  type IssueEditBase,
  type IssueFieldChanges,
  type IssueStatus,
  type IssueWriteResult,
  type LabelColor,
  type LabelDto,
  type MoveResult,
  type ProjectDto,
  type ReactionType,
  type Reactions,
} from '@trackboard/contracts';
import { api, ApiError, apiRequest, serverMessage, socketManager } from '@trackboard/web-kit';

// The board's calls, through web-kit's client; changes also carry this page's
// origin id (ORIGIN_HEADER) so the page can tell its own realtime echo from other people's.

export interface NewIssuePayload {
  projectId: string;
  columnId: string;
  title: string;
  description: string;
  reporterId: string;
  status: string;
  position: number;
  type: 'TASK';
  priority: 'MEDIUM';
  owner: { connect: { id: string } };
}

/**
 * PATCH /issues/{id}: the dialog's changes, the status a new column maps to, and where the edit
 * began — the version and the changed fields as they were then (409 when one changed since).
 */
export type IssueUpdate = IssueFieldChanges & { status?: IssueStatus; version?: number; base?: IssueEditBase };

export interface MovePayload {
  sourceColumnId: string;
  destinationColumnId: string;
  position: number;
  boardId: string;
}

/**
 * POST and PATCH answer the issue and the board version the change made (with issues a
 * rebalance re-keyed): the store applies it as a delta. Only id and columnId are required
 *, so an answer without a version is taken as a plain issue.
 */
export type IssueAnswer = IssueDto & Partial<Pick<IssueWriteResult, 'boardVersion' | 'rebalanced'>>;

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let onArchivedRefusal: () => void = () => {};

/**
 * Who hears of a change refused because the project is archived: the board store, so
 * a project archived while the board is open turns the board read-only at the first refusal.
 */
export function whenArchivedRefusal(listener: () => void): void {
  onArchivedRefusal = listener;
}

/** The server's 409 for any write while the project is archived (`messages.projectArchived`). */
export const refusedAsArchived = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && serverMessage(error) === messages.projectArchived;

/** A change request: web-kit's client plus this page's origin id. Every board write goes through here. */
const sendChange = async <T>(method: Method, path: string, body?: unknown) => {
  try {
    return await apiRequest<T>(path, { method, body, headers: { [ORIGIN_HEADER]: socketManager.originId } });
  } catch (error) {
    if (refusedAsArchived(error)) onArchivedRefusal();
    throw error;
  }
};

const id = (value: string) => encodeURIComponent(value);

export const boardApi = {
  fetchBoard: (boardId: string) => api.get<BoardDto>(`/boards/${id(boardId)}`),
  /** The board's project: its name for the breadcrumb, and whether it is archived. */
  fetchProject: (projectKey: string) => api.get<ProjectDto>(`/projects/${id(projectKey)}`),
  createIssue: (payload: NewIssuePayload) => sendChange<IssueAnswer>('POST', '/issues', payload),
  fetchIssue: (issueId: string) => api.get<IssueDto>(`/issues/${id(issueId)}`),
  updateIssue: (issueId: string, changes: IssueUpdate) =>
    sendChange<IssueAnswer>('PATCH', `/issues/${id(issueId)}`, changes),
  deleteIssue: (issueId: string) => sendChange<void>('DELETE', `/issues/${id(issueId)}`),
  /** Undoes a delete: the issue back where it was, as a change answer (404 once it is purged). */
  restoreIssue: (issueId: string) => sendChange<IssueAnswer>('POST', `/issues/${id(issueId)}/restore`),
  /** Several issues of the board in one step, all or none (409 with `issues` when some changed since `versions`). */
  bulkEdit: (request: BulkEditBody) => sendChange<BulkEditResult>('POST', '/issues/bulk', request),
  moveIssue: (issueId: string, payload: MovePayload) =>
    sendChange<MoveResult>('PUT', `/issues/${id(issueId)}/position`, payload),
  /** The `index`-th task of the description (from 0), as the reader saw it: a change answer (409 when it moved). */
  tickTask: (issueId: string, index: number, tick: { checked: boolean; text: string }) =>
    sendChange<IssueAnswer>('PUT', `/issues/${id(issueId)}/tasks/${index}`, tick),
  fetchComments: (issueId: string) => api.get<CommentDto[]>(`/issues/${id(issueId)}/comments`),
  addComment: (issueId: string, body: string, parentCommentId: string | null) =>
    sendChange<CommentDto>('POST', `/issues/${id(issueId)}/comments`, { body, parentCommentId }),
  updateComment: (commentId: string, body: string) =>
    sendChange<CommentDto>('PUT', `/comments/${id(commentId)}`, { body }),
  deleteComment: (commentId: string) => sendChange<void>('DELETE', `/comments/${id(commentId)}`),
  /** Undoes a delete: the comment back with the replies that went with it (404 once it is purged). */
  restoreComment: (commentId: string) => sendChange<CommentDto>('POST', `/comments/${id(commentId)}/restore`),
  toggleReaction: (commentId: string, type: ReactionType) =>
    sendChange<Reactions>('POST', `/comments/${id(commentId)}/reactions`, { type }),
  createLabel: (boardId: string, label: { name: string; color: LabelColor }) =>
    sendChange<LabelDto>('POST', `/boards/${id(boardId)}/labels`, label),
  /** At the end of the board unless `place` says where (from 0), with `place`'s WIP limit if any. */
  createColumn: (boardId: string, name: string, place: Pick<ColumnUpdate, 'position' | 'wipLimit'> = {}) =>
    sendChange<ColumnDto>('POST', `/boards/${id(boardId)}/columns`, { name, ...place }),
  updateColumn: (columnId: string, changes: ColumnUpdate) =>
    sendChange<ColumnDto>('PUT', `/columns/${id(columnId)}`, changes),
  /** Its issues go to `targetColumnId` (required when it has any). */
  deleteColumn: (columnId: string, targetColumnId?: string) =>
    sendChange<void>(
      'DELETE',
      `/columns/${id(columnId)}${targetColumnId ? `?targetColumnId=${id(targetColumnId)}` : ''}`,
    ),
  /** The issue's history, newest first. */
  fetchActivity: (issueId: string) => api.get<IssueActivityDto[]>(`/issues/${id(issueId)}/activity`),
};

/** PUT /columns/{id}: what a column change may set; `position` counts the board's columns from 0. */
export interface ColumnUpdate {
  name?: string;
  position?: number;
  wipLimit?: number | null;
}

/** The fresh issue a 409 carries (`{ message, issue }`). */
export function conflictIssue(error: unknown): IssueDto | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const body = error.body;
  if (body && typeof body === 'object' && 'issue' in body && body.issue && typeof body.issue === 'object')
    return body.issue as IssueDto;
  return undefined;
}
