import { and, asc, eq, ilike, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  isAdmin,
  MEMBER_CANDIDATES_LIMIT,
  messages,
  type MemberRole,
  type ProjectDto,
  type ProjectMemberDto,
  type UserRef,
} from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  NotFound,
  isUniqueViolation,
  likePattern,
  userDirectory,
  type AuthUser,
  type Db,
  type Outbox,
} from '@trackboard/server-kit';
import { activity, members } from '../db/schema';
import { refuseArchived, type ProjectAccess } from './project-access';
import type { ProjectDtos } from './project-dtos';
import { canChangeRoles, canInvite, canRemoveMembers } from './permissions';

/** A project's members: listed, added and removed, each change told to the other services through the outbox. */
export function createProjectMembers(db: Db, outbox: Outbox, access: ProjectAccess, dtos: ProjectDtos) {
  const { visible, editable, nameOf, actorName } = access;
  return {
    async members(user: AuthUser, key: string): Promise<ProjectMemberDto[]> {
      return (await dtos.toDto((await visible(user, key)).project)).members;
    },

    /**
     * People to add or invite, by part of their name or e-mail, for those who may invite: active
     * accounts not on the team yet, among everyone for an administrator and otherwise among the
     * people who share a project with the caller (no directory of strangers' e-mails).
     */
    async candidates(user: AuthUser, key: string, q: string): Promise<UserRef[]> {
      const { project, membership } = await visible(user, key);
      if (!canInvite(user, membership)) throw new Forbidden(messages.onlyLeadInvites);
      const mine = alias(members, 'mine');
      const teammates = db
        .selectDistinct({ userId: members.userId })
        .from(members)
        .innerJoin(mine, eq(mine.projectId, members.projectId))
        .where(eq(mine.userId, Number(user.id)));
      const team = db.select({ userId: members.userId }).from(members).where(eq(members.projectId, project.id));
      const rows = await db
        .select({ id: userDirectory.id, name: userDirectory.name, email: userDirectory.email })
        .from(userDirectory)
        .where(
          and(
            eq(userDirectory.status, 'ACTIVE'),
            or(ilike(userDirectory.name, likePattern(q)), ilike(userDirectory.email, likePattern(q))),
            notInArray(userDirectory.id, team),
            isAdmin(user) ? undefined : inArray(userDirectory.id, teammates),
          ),
        )
        .orderBy(asc(userDirectory.name), asc(userDirectory.id))
        .limit(MEMBER_CANDIDATES_LIMIT);
      return rows.map((row) => ({ id: String(row.id), name: row.name, email: row.email }));
    },

    /** Adding needs an ACTIVE account with that e-mail; the new member is told (`member.added`). */
    async addMember(user: AuthUser, key: string, email: string, role: MemberRole = 'member'): Promise<ProjectDto> {
      const project = await editable(user, key);
      const [account] = await db
        .select()
        .from(userDirectory)
        .where(and(eq(sql`lower(${userDirectory.email})`, email.toLowerCase()), eq(userDirectory.status, 'ACTIVE')));
      if (!account) throw new NotFound(messages.userNotFound);
      const actor = await actorName(user);
      try {
        await outbox.transaction(async (tx) => {
          await tx.insert(members).values({ projectId: project.id, userId: account.id, role });
          await tx.insert(activity).values({
            projectId: project.id,
            actorId: Number(user.id),
            description: `${actor} added ${account.name} to ${project.key}${role === 'viewer' ? ' as a viewer' : ''}`,
          });
          await outbox.recordEvent(tx, {
            type: 'member.added',
            projectId: String(project.id),
            projectKey: project.key,
            projectName: project.name,
            userId: String(account.id),
            actorId: String(user.id),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(messages.alreadyMember(account.email));
        throw error;
      }
      return dtos.toDto(project);
    },

    /**
     * The lead or an admin makes a member a viewer or a viewer a member (never the lead: the
     * lead's role changes with the lead). A board shows it from its next fetch; the server holds it at once.
     */
    async changeRole(user: AuthUser, key: string, userId: number, role: MemberRole): Promise<ProjectDto> {
      const { project, membership } = await visible(user, key);
      if (!canChangeRoles(user, membership)) throw new Forbidden(messages.onlyLeadEdits);
      refuseArchived(project);
      if (userId === project.leadId) throw new Conflict(messages.leadRoleFixed);
      const name = (await nameOf(userId))?.name ?? 'someone';
      const actor = await actorName(user);
      const changed = await db.transaction(async (tx) => {
        const rows = await tx
          .update(members)
          .set({ role })
          .where(and(eq(members.projectId, project.id), eq(members.userId, userId), ne(members.role, role)))
          .returning({ userId: members.userId });
        if (rows.length > 0)
          await tx.insert(activity).values({
            projectId: project.id,
            actorId: Number(user.id),
            description: `${actor} made ${name} a ${role} of ${project.key}`,
          });
        return rows.length > 0;
      });
      if (!changed) {
        const [row] = await db
          .select({ role: members.role })
          .from(members)
          .where(and(eq(members.projectId, project.id), eq(members.userId, userId)));
        if (!row) throw new NotFound(messages.notAMember);
      }
      return dtos.toDto(project);
    },

    /** The lead or an admin removes anyone but the lead; board rooms hear it once committed, even after a Redis outage. */
    async removeMember(user: AuthUser, key: string, userId: number): Promise<ProjectDto> {
      const { project, membership } = await visible(user, key);
      if (!canRemoveMembers(user, membership)) throw new Forbidden(messages.removeMemberForbidden);
      refuseArchived(project);
      if (userId === project.leadId) throw new Conflict(messages.leadCannotBeRemoved);
      const removedName = (await nameOf(userId))?.name ?? 'someone';
      const actor = await actorName(user);
      const removed = await outbox.transaction(async (tx) => {
        const gone = await tx
          .delete(members)
          .where(and(eq(members.projectId, project.id), eq(members.userId, userId)))
          .returning();
        if (gone.length) {
          await tx.insert(activity).values({
            projectId: project.id,
            actorId: Number(user.id),
            description: `${actor} removed ${removedName} from ${project.key}`,
          });
          await outbox.recordEvent(tx, {
            type: 'membership.removed',
            projectId: String(project.id),
            userId: String(userId),
            actorId: String(user.id),
          });
        }
        return gone.length > 0;
      });
      if (!removed) throw new NotFound(messages.notAMember);
      return dtos.toDto(project);
    },
  };
}
