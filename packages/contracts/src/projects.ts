import { z } from 'zod';
import { Email } from './auth';
import { Id } from './ids';
import { messages } from './messages';
import { PROJECT_DESCRIPTION_MAX_LENGTH, PROJECT_NAME_MAX_LENGTH, projectKeyPattern } from './rules';
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

/** The description is optional at creation (issue 15). */
export const CreateProjectRequest = z
  .object({ name: ProjectName, key: ProjectKey, description: ProjectDescription.optional() })
  .strict();
export const UpdateProjectRequest = z
  .object({
    name: ProjectName.optional(),
    description: ProjectDescription.optional(),
    leadId: Id.optional(),
  })
  .strict()
  .refine((u) => u.name !== undefined || u.description !== undefined || u.leadId !== undefined, {
    message: messages.noChanges,
  });
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequest>;
export const AddMemberRequest = z.object({ email: Email }).strict();

/** The path of every `/projects/:key` route: the key as stored (upper case). */
export const KeyParam = z.object({ key: ProjectKey });
export const MemberParam = KeyParam.extend({ userId: Id });

export const UserRef = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type UserRef = z.infer<typeof UserRef>;
export const ProjectMemberDto = UserRef.extend({ isLead: z.boolean() });
export type ProjectMemberDto = z.infer<typeof ProjectMemberDto>;
/** One of a project's boards, with how many issues it holds (issue 15: several boards per project). */
export const ProjectBoardDto = z.object({ id: z.string(), name: z.string(), issueCount: z.number().int() });
export type ProjectBoardDto = z.infer<typeof ProjectBoardDto>;
export const ProjectDto = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  lead: UserRef,
  members: z.array(ProjectMemberDto),
  /** Oldest first: the first is the project's board (spec §2.8, §2.9); a project has one at least (issue 15). */
  boards: z.array(ProjectBoardDto),
  createdAt: z.string(),
  /** The newest of its activity (members, edits, anything on its boards), or its creation: the list's "recently active" order. */
  lastActiveAt: z.string(),
  /** When it was archived (issue 15), null while it is not: archived projects are read-only. */
  archivedAt: z.string().nullable(),
});
export type ProjectDto = z.infer<typeof ProjectDto>;

/** GET /projects?archived=true lists archived projects too (issue 15: "Show archived"). */
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
export const DashboardDto = z.object({
  recentProjects: z.array(ProjectDto.pick({ id: true, key: true, name: true, description: true })),
  /** Issues whose assignee is the caller (by id, so a rename changes nothing). */
  assignedIssues: z.array(
    z.object({
      id: z.string(),
      key: z.string(),
      title: z.string(),
      status: z.string(),
      projectKey: z.string(),
      boardId: z.string(),
    }),
  ),
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

/** The columns a new project's first board starts with. */
export const defaultColumns = ['To Do', 'In Progress', 'Done'] as const;
