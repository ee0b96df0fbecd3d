import { z } from 'zod';
import { Email } from './auth';
import { issueStatuses } from './column-status';
import { estimateScales } from './estimates';
import { Id } from './ids';
import { issuePriorities, issueTypes } from './issue-rules';
import { messages } from './messages';
import { commaList } from './query-lists';
import {
  memberRoles,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  projectKeyPattern,
  projectRoles,
} from './rules';
import { lineText, multiLineText } from './text';

export const ProjectKey = lineText({ error: 'is required' })
  .trim()
  .transform((k) => k.toUpperCase())
  .pipe(z.string().regex(projectKeyPattern, 'must be 1 to 10 characters, A-Z and 0-9'));

const ProjectName = lineText({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(PROJECT_NAME_MAX_LENGTH, 'is too long');

const ProjectDescription = multiLineText().max(PROJECT_DESCRIPTION_MAX_LENGTH, 'is too long');

/** The description is optional at creation. */
export const CreateProjectRequest = z
  .object({ name: ProjectName, key: ProjectKey, description: ProjectDescription.optional() })
  .strict();
export const UpdateProjectRequest = z
  .object({
    name: ProjectName.optional(),
    description: ProjectDescription.optional(),
    leadId: Id.optional(),
    estimateScale: z.enum(estimateScales, { error: `must be one of ${estimateScales.join(', ')}` }).optional(),
    viewersMayComment: z.boolean().optional(),
  })
  .strict()
  .refine((u) => Object.values(u).some((v) => v !== undefined), { message: messages.noChanges });
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequest>;
const MemberRole = z.enum(memberRoles, { error: `must be one of ${memberRoles.join(', ')}` });

/** Added as a member unless a role is given. */
export const AddMemberRequest = z.object({ email: Email, role: MemberRole.optional() }).strict();
/** PATCH /projects/:key/members/:userId. */
export const ChangeMemberRoleRequest = z.object({ role: MemberRole }).strict();
/** GET /projects/:key/member-candidates?q=: people to add or invite, by part of a name or e-mail. */
export const MemberCandidatesQuery = z.object({
  q: lineText({ error: 'is required' }).trim().min(1, 'is required').max(100, 'is too long'),
});
/** At most this many candidates: the picker asks again as more is typed. */
export const MEMBER_CANDIDATES_LIMIT = 20;

/** The path of every `/projects/:key` route: the key as stored (upper case). */
export const KeyParam = z.object({ key: ProjectKey });
export const MemberParam = KeyParam.extend({ userId: Id });

export const UserRef = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type UserRef = z.infer<typeof UserRef>;
export const ProjectMemberDto = UserRef.extend({ isLead: z.boolean(), role: z.enum(projectRoles) });
export type ProjectMemberDto = z.infer<typeof ProjectMemberDto>;
/** One of a project's boards (a project may have several), with how many issues it holds. */
export const ProjectBoardDto = z.object({ id: z.string(), name: z.string(), issueCount: z.number().int() });
export type ProjectBoardDto = z.infer<typeof ProjectBoardDto>;
export const ProjectDto = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  lead: UserRef,
  members: z.array(ProjectMemberDto),
  /** Oldest first: the first is the project's board; a project has one at least. */
  boards: z.array(ProjectBoardDto),
  createdAt: z.string(),
  /** The newest of its activity (members, edits, anything on its boards), or its creation: the list's "recently active" order. */
  lastActiveAt: z.string(),
  /** When it was archived, null while it is not: archived projects are read-only. */
  archivedAt: z.string().nullable(),
  /** How its issues are estimated: not at all, in points, or in T-shirt sizes (estimates.ts). */
  estimateScale: z.enum(estimateScales),
  /** Whether its viewers may comment (they never change issues or the board). */
  viewersMayComment: z.boolean(),
});
export type ProjectDto = z.infer<typeof ProjectDto>;

/** GET /projects?archived=true lists archived projects too (the list's "Show archived"). */
export const ProjectListQuery = z.object({
  archived: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

/** An activity item; one about an issue names it, so the dashboard links to its deep link. */
export const ActivityDto = z.object({
  id: z.string(),
  description: z.string(),
  timestamp: z.string(),
  issue: z.object({ key: z.string(), boardId: z.string() }).nullable().optional(),
});
export type ActivityDto = z.infer<typeof ActivityDto>;
/** An issue assigned to the caller, as the dashboard and My Issues list it. */
export const AssignedIssueDto = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  status: z.string(),
  priority: z.enum(issuePriorities),
  type: z.enum(issueTypes),
  projectKey: z.string(),
  projectName: z.string(),
  boardId: z.string(),
});
export type AssignedIssueDto = z.infer<typeof AssignedIssueDto>;
export const DashboardDto = z.object({
  recentProjects: z.array(ProjectDto.pick({ id: true, key: true, name: true, description: true })),
  /**
   * The open issues (not Done or Closed) whose assignee is the caller (by id, so a rename changes
   * nothing), the most recently updated first: a few of them, `openAssignedCount` in all.
   */
  assignedIssues: z.array(AssignedIssueDto),
  openAssignedCount: z.number().int(),
  recentActivity: z.array(ActivityDto),
  stats: z.object({ activeProjects: z.number().int(), totalTasks: z.number().int() }),
});
export type DashboardDto = z.infer<typeof DashboardDto>;
export const ProjectDashboardDto = z.object({
  projectId: z.string(),
  key: z.string(),
  issueCountsByStatus: z.record(z.string(), z.number().int()),
  recentActivity: z.array(ActivityDto),
});
export type ProjectDashboardDto = z.infer<typeof ProjectDashboardDto>;

/** My Issues shows this many per page at most. */
export const ASSIGNED_PAGE_MAX = 100;
const pageNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
const choiceOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/**
 * GET /dashboard/assigned (My Issues): the caller's assigned issues, narrowed as the board filter
 * narrows a board, each choice a comma-separated list (any of them matches). No status means
 * the open ones (openStatuses); projects by key.
 */
export const AssignedIssuesQuery = z.object({
  status: commaList(choiceOf(issueStatuses), issueStatuses.length).optional(),
  priority: commaList(choiceOf(issuePriorities), issuePriorities.length).optional(),
  type: commaList(choiceOf(issueTypes), issueTypes.length).optional(),
  project: commaList(ProjectKey, 100).optional(),
  limit: pageNumber(1, ASSIGNED_PAGE_MAX).default(50),
  offset: pageNumber(0, 100_000).default(0),
});
export type AssignedIssuesQuery = z.infer<typeof AssignedIssuesQuery>;
/**
 * A page of them, by project (name) then the most recently updated, `total` in all; `projects`
 * are the caller's projects (archived ones aside), the choices of the project filter.
 */
export const AssignedIssuesPageDto = z.object({
  issues: z.array(AssignedIssueDto),
  total: z.number().int(),
  projects: z.array(z.object({ key: z.string(), name: z.string() })),
});
export type AssignedIssuesPageDto = z.infer<typeof AssignedIssuesPageDto>;

/** The columns a new project's first board starts with. */
export const defaultColumns = ['To Do', 'In Progress', 'Done'] as const;
