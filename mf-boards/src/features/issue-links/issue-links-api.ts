import type { IssueDto, RelationDto, RelationListDto, RelationType, SubIssuesDto } from '@trackboard/contracts';
import { api, retryUnlessClientError } from '@trackboard/web-kit';
import { useEffect, useRef } from 'react';
import useSWR from 'swr';

// An issue's parent, sub-issues and relations, through web-kit's client. The writes go without
// this page's origin id on purpose (as the attachments' do): the board room's echo then counts as
// anyone's, so the cards they change (a parent's progress, a blocked mark, a new sub-issue) and the
// open dialog's issue follow from it, whichever board they are on.

const id = (value: string) => encodeURIComponent(value);

export const linkKeys = {
  subIssues: (issueId: string) => ['sub-issues', issueId] as const,
  relations: (issueId: string) => ['relations', issueId] as const,
};

/** What a new sub-issue needs of its parent's board: where it goes. */
export interface NewSubIssue {
  projectId: string;
  columnId: string;
  title: string;
}

export const linkApi = {
  subIssues: (issueId: string) => api.get<SubIssuesDto>(`/issues/${id(issueId)}/sub-issues`),
  relations: (issueId: string) => api.get<RelationListDto>(`/issues/${id(issueId)}/relations`),
  /** The issue under `parentId`, or a top-level one (null). */
  setParent: (issueId: string, parentId: string | null) =>
    api.put<IssueDto>(`/issues/${id(issueId)}/parent`, { parentId }),
  /** GET /issues/by-key/{key}: a parent is named by its key, and set by its id. */
  byKey: (key: string) => api.get<IssueDto>(`/issues/by-key/${id(key)}`),
  createIssue: (issue: NewSubIssue) => api.post<IssueDto>('/issues', issue),
  /** `close`: a duplicate is closed with its link. */
  relate: (issueId: string, type: RelationType, issueKey: string, close = false) =>
    api.post<RelationDto>(`/issues/${id(issueId)}/relations`, { type, issueKey, ...(close && { close }) }),
  unrelate: (issueId: string, relationId: string) =>
    api.delete<void>(`/issues/${id(issueId)}/relations/${id(relationId)}`),
};

/** The facts of the open issue that a link change (here, or anyone's, told by the board room) moves. */
type LinkFacts = Pick<
  IssueDto,
  'id' | 'version' | 'updatedAt' | 'parentId' | 'subIssueCount' | 'subIssuesDone' | 'blocked'
>;

const revisionOf = (issue: LinkFacts) =>
  [issue.version, issue.updatedAt, issue.parentId, issue.subIssueCount, issue.subIssuesDone, issue.blocked].join(':');

/** Asks `mutate` again whenever the issue's revision moves after the first answer. */
function useRefetchOnChange(revision: string, asked: boolean, mutate: () => unknown) {
  const seen = useRef({ revision, asked });
  useEffect(() => {
    const before = seen.current;
    seen.current = { revision, asked };
    // A list asked for just now needs no second request.
    if (before.revision !== revision && before.asked && asked) void mutate();
  }, [revision, asked, mutate]);
}

const none: SubIssuesDto = { parent: null, subIssues: [], done: 0 };

/**
 * The issue's parent and sub-issues. An issue with neither asks nothing (most have none, and the
 * dialog should not pay a request to learn it) until `changed` (a link written here, before the
 * board room brings the issue with it); the list follows the issue's live changes.
 */
export function useSubIssues(issue: LinkFacts, changed = false) {
  const asked = changed || issue.subIssueCount > 0 || issue.parentId !== null;
  const list = useSWR(asked ? linkKeys.subIssues(issue.id) : null, () => linkApi.subIssues(issue.id), {
    shouldRetryOnError: retryUnlessClientError,
  });
  useRefetchOnChange(revisionOf(issue), asked, list.mutate);
  return { data: asked ? list.data : none, error: asked ? list.error : undefined, mutate: list.mutate };
}

/** The issue's relations, asked again when the issue changes (a blocker finished, a link added). */
export function useRelations(issue: LinkFacts) {
  const list = useSWR(linkKeys.relations(issue.id), () => linkApi.relations(issue.id), {
    shouldRetryOnError: retryUnlessClientError,
  });
  useRefetchOnChange(revisionOf(issue), true, list.mutate);
  return list;
}
