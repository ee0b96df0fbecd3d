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

export type UserRef = { id: string; name: string; email: string };
export type ProjectMemberDto = UserRef & { isLead: boolean };
/** One of a project's boards, with how many issues it holds (issue 15: several boards per project). */
export type ProjectBoardDto = { id: string; name: string; issueCount: number };
export type ProjectDto = {
  id: string;
  key: string;
  name: string;
  description: string;
  lead: UserRef;
  members: ProjectMemberDto[];
  /** Oldest first: the first is the project's board (spec §2.8, §2.9); a project has one at least (issue 15). */
  boards: ProjectBoardDto[];
  createdAt: string;
  /** The newest of its activity (members, edits, anything on its boards), or its creation: the list's "recently active" order. */
  lastActiveAt: string;
  /** When it was archived (issue 15), null while it is not: archived projects are read-only. */
  archivedAt: string | null;
};

/** GET /projects?archived=true lists archived projects too (issue 15: "Show archived"). */
export const ProjectListQuery = z.object({
  archived: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

/** An activity item; one about an issue names it, so the dashboard links to its deep link. */
export type ActivityDto = {
  id: string;
  description: string;
  timestamp: string;
  issue?: { key: string; boardId: string } | null;
};
export type DashboardDto = {
  recentProjects: Pick<ProjectDto, 'id' | 'key' | 'name' | 'description'>[];
  /** Issues whose assignee is the caller (by id, so a rename changes nothing). */
  assignedIssues: { id: string; key: string; title: string; status: string; projectKey: string; boardId: string }[];
  recentActivity: ActivityDto[];
  stats: { activeProjects: number; totalTasks: number };
};
export type ProjectDashboardDto = {
  projectId: string;
  key: string;
  issueCountsByStatus: Record<string, number>;
  recentActivity: ActivityDto[];
};

/** The columns a new project's first board starts with. */
export const defaultColumns = ['To Do', 'In Progress', 'Done'] as const;
