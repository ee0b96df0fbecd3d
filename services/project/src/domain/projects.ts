import type { Db, Outbox, ServiceClient } from '@trackboard/server-kit';
import { createProjectAccess } from './project-access';
import { createProjectDtos } from './project-dtos';
import { createProjectLifecycle } from './project-lifecycle';
import { createProjectMembers } from './project-members';

export type ProjectsDeps = {
  db: Db;
  /** The board service's API: a new project's first board is made there, not in its tables. */
  boardService: ServiceClient;
  /** Events are recorded in the change's transaction and relayed after commit. */
  outbox: Outbox;
};

/** The project service's domain: who sees a project (access), what it answers (dtos), its life and its members. */
export function createProjects({ db, boardService, outbox }: ProjectsDeps) {
  const access = createProjectAccess(db);
  const dtos = createProjectDtos(db);
  return {
    membershipOf: access.membershipOf,
    ...createProjectLifecycle({ db, boardService, outbox, access, dtos }),
    ...createProjectMembers(db, outbox, access, dtos),
  };
}
export type Projects = ReturnType<typeof createProjects>;
