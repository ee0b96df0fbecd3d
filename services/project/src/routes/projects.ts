import { Hono } from 'hono';
import {
  AddMemberRequest,
  CreateProjectRequest,
  IdParam,
  KeyParam,
  MemberParam,
  ProjectListQuery,
  UpdateProjectRequest,
} from '@trackboard/contracts';
import { validate, type AppEnv } from '@trackboard/server-kit';
import type { Dashboard } from '../domain/dashboard';
import type { Projects } from '../domain/projects';

/** Spec §7.2: /projects. */
export const projectRoutes = (projects: Projects) =>
  new Hono<AppEnv>()
    .get('/', validate('query', ProjectListQuery), async (c) =>
      c.json(await projects.list(c.var.user, { archived: c.req.valid('query').archived === 'true' })),
    )
    .post('/', validate('json', CreateProjectRequest), async (c) =>
      c.json(await projects.create(c.var.user, c.var.token, c.req.valid('json')), 201),
    )
    .get('/:key', validate('param', KeyParam), async (c) =>
      c.json(await projects.get(c.var.user, c.req.valid('param').key)),
    )
    .put('/:key', validate('param', KeyParam), validate('json', UpdateProjectRequest), async (c) =>
      c.json(await projects.update(c.var.user, c.req.valid('param').key, c.req.valid('json'))),
    )
    .post('/:key/archive', validate('param', KeyParam), async (c) =>
      c.json(await projects.archive(c.var.user, c.req.valid('param').key)),
    )
    .post('/:key/unarchive', validate('param', KeyParam), async (c) =>
      c.json(await projects.unarchive(c.var.user, c.req.valid('param').key)),
    )
    .delete('/:key', validate('param', KeyParam), async (c) => {
      await projects.remove(c.var.user, c.req.valid('param').key);
      return c.body(null, 204);
    })
    .get('/:key/members', validate('param', KeyParam), async (c) =>
      c.json(await projects.members(c.var.user, c.req.valid('param').key)),
    )
    .post('/:key/members', validate('param', KeyParam), validate('json', AddMemberRequest), async (c) =>
      c.json(await projects.addMember(c.var.user, c.req.valid('param').key, c.req.valid('json').email), 201),
    )
    .delete('/:key/members/:userId', validate('param', MemberParam), async (c) =>
      c.json(await projects.removeMember(c.var.user, c.req.valid('param').key, c.req.valid('param').userId)),
    );

/** Spec §7.3: /dashboard and /dashboard/project/:id. */
export const dashboardRoutes = (dashboard: Dashboard) =>
  new Hono<AppEnv>()
    .get('/', async (c) => c.json(await dashboard.forUser(c.var.user)))
    .get('/project/:id', validate('param', IdParam), async (c) =>
      c.json(await dashboard.forProject(c.var.user, c.req.valid('param').id)),
    );
