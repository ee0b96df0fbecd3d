import { Hono } from 'hono';
import { z } from 'zod';
import {
  AddMemberRequest,
  ChangeMemberRoleRequest,
  AssignedIssuesPageDto,
  AssignedIssuesQuery,
  CreateProjectRequest,
  DashboardDto,
  IdParam,
  KeyParam,
  MemberCandidatesQuery,
  MemberParam,
  ProjectDashboardDto,
  ProjectDto,
  ProjectListQuery,
  ProjectMemberDto,
  UpdateProjectRequest,
  UserRef,
} from '@trackboard/contracts';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { AssignedIssues } from '../domain/assigned-issues';
import type { Dashboard } from '../domain/dashboard';
import type { Projects } from '../domain/projects';

/** Spec §7.2: /projects. */
export const projectRoutes = (projects: Projects) =>
  new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: "The caller's projects (archived ones too with ?archived=true)",
        responses: { 200: z.array(ProjectDto) },
      }),
      validate('query', ProjectListQuery),
      async (c) => c.json(await projects.list(c.var.user, { archived: c.req.valid('query').archived === 'true' })),
    )
    .post(
      '/',
      documented({
        summary: 'Create a project (the caller leads it) with its first board',
        responses: { 201: ProjectDto },
        errors: [409, 503],
      }),
      validate('json', CreateProjectRequest),
      async (c) => c.json(await projects.create(c.var.user, c.var.token, c.req.valid('json')), 201),
    )
    .get(
      '/:key',
      documented({ summary: 'A project', responses: { 200: ProjectDto }, errors: [404] }),
      validate('param', KeyParam),
      async (c) => c.json(await projects.get(c.var.user, c.req.valid('param').key)),
    )
    .put(
      '/:key',
      documented({
        summary: "Change a project's name, description or lead",
        responses: { 200: ProjectDto },
        errors: [404, 409],
      }),
      validate('param', KeyParam),
      validate('json', UpdateProjectRequest),
      async (c) => c.json(await projects.update(c.var.user, c.req.valid('param').key, c.req.valid('json'))),
    )
    .post(
      '/:key/archive',
      documented({
        summary: 'Archive a project (read-only until unarchived)',
        responses: { 200: ProjectDto },
        errors: [404, 409],
      }),
      validate('param', KeyParam),
      async (c) => c.json(await projects.archive(c.var.user, c.req.valid('param').key)),
    )
    .post(
      '/:key/unarchive',
      documented({ summary: 'Unarchive a project', responses: { 200: ProjectDto }, errors: [404, 409] }),
      validate('param', KeyParam),
      async (c) => c.json(await projects.unarchive(c.var.user, c.req.valid('param').key)),
    )
    .delete(
      '/:key',
      documented({
        summary: 'Delete a project with its boards and issues',
        responses: { 204: null },
        errors: [404, 409],
      }),
      validate('param', KeyParam),
      async (c) => {
        await projects.remove(c.var.user, c.req.valid('param').key);
        return c.body(null, 204);
      },
    )
    .get(
      '/:key/members',
      documented({ summary: "A project's team", responses: { 200: z.array(ProjectMemberDto) }, errors: [404] }),
      validate('param', KeyParam),
      async (c) => c.json(await projects.members(c.var.user, c.req.valid('param').key)),
    )
    .get(
      '/:key/member-candidates',
      documented({
        summary: 'People to add or invite, by part of a name or e-mail (the lead or an administrator)',
        query: MemberCandidatesQuery,
        responses: { 200: z.array(UserRef) },
        errors: [404],
      }),
      validate('param', KeyParam),
      validate('query', MemberCandidatesQuery),
      async (c) => c.json(await projects.candidates(c.var.user, c.req.valid('param').key, c.req.valid('query').q)),
    )
    .post(
      '/:key/members',
      documented({
        summary: 'Add a member by e-mail, as a member or a viewer',
        responses: { 201: ProjectDto },
        errors: [404, 409],
      }),
      validate('param', KeyParam),
      validate('json', AddMemberRequest),
      async (c) => {
        const { email, role = 'member' } = c.req.valid('json');
        return c.json(await projects.addMember(c.var.user, c.req.valid('param').key, email, role), 201);
      },
    )
    .patch(
      '/:key/members/:userId',
      documented({
        summary: "Change a member's role: member or viewer (the lead or an administrator)",
        responses: { 200: ProjectDto },
        errors: [404, 409],
      }),
      validate('param', MemberParam),
      validate('json', ChangeMemberRoleRequest),
      async (c) => {
        const { key, userId } = c.req.valid('param');
        return c.json(await projects.changeRole(c.var.user, key, userId, c.req.valid('json').role));
      },
    )
    .delete(
      '/:key/members/:userId',
      documented({ summary: 'Remove a member', responses: { 200: ProjectDto }, errors: [404, 409] }),
      validate('param', MemberParam),
      async (c) =>
        c.json(await projects.removeMember(c.var.user, c.req.valid('param').key, c.req.valid('param').userId)),
    );

/** Spec §7.3: /dashboard and /dashboard/project/:id; /dashboard/assigned is My Issues. */
export const dashboardRoutes = (dashboard: Dashboard, assignedIssues: AssignedIssues) =>
  new Hono<AppEnv>()
    .get('/', documented({ summary: "The caller's dashboard", responses: { 200: DashboardDto } }), async (c) =>
      c.json(await dashboard.forUser(c.var.user)),
    )
    .get(
      '/assigned',
      documented({
        summary: "The caller's assigned issues (open ones unless a status is asked for), filtered and paged",
        responses: { 200: AssignedIssuesPageDto },
      }),
      validate('query', AssignedIssuesQuery),
      async (c) => c.json(await assignedIssues.page(c.var.user, c.req.valid('query'))),
    )
    .get(
      '/project/:id',
      documented({ summary: "A project's dashboard", responses: { 200: ProjectDashboardDto }, errors: [404] }),
      validate('param', IdParam),
      async (c) => c.json(await dashboard.forProject(c.var.user, c.req.valid('param').id)),
    );
