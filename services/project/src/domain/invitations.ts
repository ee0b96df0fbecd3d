import { and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  INVITATION_DAYS,
  messages,
  type InvitationAccepted,
  type InvitationDto,
  type InvitationPreview,
  type Language,
} from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  NotFound,
  accountDirectory,
  hashSecretToken,
  mailLanguage,
  newSecretToken,
  userDirectory,
  type AuthUser,
  type Clock,
  type Db,
  type Logger,
  type Mailer,
  type Outbox,
} from '@trackboard/server-kit';
import { activity, invitations, members, projects } from '../db/schema';
import { mailText } from './mail-text';
import { canInvite, canSeeProject } from './permissions';
import { refuseArchived, type ProjectAccess, type ProjectRow } from './project-access';

const DAY_MS = 24 * 60 * 60 * 1000;
type InvitationRow = typeof invitations.$inferSelect;

export type InvitationsDeps = {
  db: Db;
  outbox: Outbox;
  access: ProjectAccess;
  mailer: Mailer;
  /** Where users reach the app: the mailed link is `${publicUrl}/invitations/<token>`. */
  publicUrl: string;
  appName: string;
  clock: Clock;
  log: Logger;
};

const lowerEmail = (
  column: typeof invitations.email | typeof userDirectory.email | typeof accountDirectory.email,
  email: string,
) => eq(sql`lower(${column})`, email.toLowerCase());
const pending = and(isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt));

/**
 * Invitations to a project by e-mail: sent, listed, sent again and withdrawn by its lead or an
 * administrator; previewed and accepted by whoever holds the mailed link (accepting needs the
 * account with that e-mail, signed in; someone new registers through the link first, at the auth
 * service, which reads the open invitations from `project.invitation_directory`).
 */
export function createInvitations({ db, outbox, access, mailer, publicUrl, appName, clock, log }: InvitationsDeps) {
  const now = () => clock.now();
  const expiry = () => new Date(now().getTime() + INVITATION_DAYS * DAY_MS);

  /** A project whose invitations the caller manages: its lead or an administrator. */
  async function managedByKey(user: AuthUser, key: string) {
    const { project, membership } = await access.visible(user, key);
    if (!canInvite(user, membership)) throw new Forbidden(messages.onlyLeadInvites);
    return project;
  }
  /** One invitation with its project. */
  async function withProject(where: SQL | undefined) {
    const [row] = await db
      .select({ invitation: invitations, project: projects })
      .from(invitations)
      .innerJoin(projects, eq(projects.id, invitations.projectId))
      .where(where);
    return row;
  }
  /** A pending invitation the caller manages, by id; one of a project they cannot see is a 404 like any unknown one. */
  async function managedById(user: AuthUser, id: number) {
    const row = await withProject(and(eq(invitations.id, id), pending));
    const membership = row ? await access.membershipOf(user, row.project) : null;
    if (!row || !canSeeProject(user, membership)) throw new NotFound(messages.invitationNotFound);
    if (!canInvite(user, membership)) throw new Forbidden(messages.onlyLeadInvites);
    refuseArchived(row.project);
    return row;
  }

  /** `inviter`: the inviter's name, read with the row (no query per invitation). */
  function toDto(row: InvitationRow, inviter: string | null): InvitationDto {
    return {
      id: String(row.id),
      email: row.email,
      invitedBy: { id: String(row.invitedBy), name: inviter ?? 'Someone' },
      sentAt: row.sentAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      expired: row.expiresAt.getTime() <= now().getTime(),
    };
  }

  /**
   * The language the invited account chose; someone without an account yet is invited in the
   * inviter's (the team's, most likely); English when that account chose none.
   */
  async function invitationLanguage(email: string, inviterId: number): Promise<Language> {
    const accounts = await db
      .select({ id: accountDirectory.id, email: accountDirectory.email, settings: accountDirectory.profileSettings })
      .from(accountDirectory)
      .where(or(lowerEmail(accountDirectory.email, email), eq(accountDirectory.id, inviterId)));
    const invited = accounts.find((account) => account.email.toLowerCase() === email.toLowerCase());
    const inviter = accounts.find((account) => account.id === inviterId);
    return mailLanguage((invited ?? inviter)?.settings.language);
  }

  async function mail(email: string, token: string, project: ProjectRow, inviter: { id: number; name: string }) {
    const language = await invitationLanguage(email, inviter.id);
    const values = { inviter: inviter.name, projectName: project.name, projectKey: project.key, appName };
    await mailer
      .send({
        to: email,
        subject: mailText(language, 'invitationSubject', values),
        text: mailText(language, 'invitationText', {
          ...values,
          link: `${publicUrl}/invitations/${encodeURIComponent(token)}`,
          days: INVITATION_DAYS,
        }),
      })
      .catch((err: unknown) => log.error({ err, to: email }, 'invitation mail failed'));
  }

  /** The invitation a link names, still usable; otherwise why not (404 unknown or withdrawn, 409 used or expired). */
  async function usable(token: string) {
    const row = await withProject(eq(invitations.tokenHash, hashSecretToken(token)));
    if (!row || row.invitation.withdrawnAt) throw new NotFound(messages.invitationNotFound);
    if (row.invitation.acceptedAt) throw new Conflict(messages.invitationUsed);
    if (row.invitation.expiresAt.getTime() <= now().getTime()) throw new Conflict(messages.invitationExpired);
    return row;
  }

  return {
    /** Invites an address (again: the earlier link stops working); refused for a member. */
    async invite(user: AuthUser, key: string, email: string): Promise<InvitationDto> {
      const project = await managedByKey(user, key);
      refuseArchived(project);
      const [member] = await db
        .select({ id: members.userId })
        .from(members)
        .innerJoin(userDirectory, eq(userDirectory.id, members.userId))
        .where(and(eq(members.projectId, project.id), lowerEmail(userDirectory.email, email)));
      if (member) throw new Conflict(messages.alreadyMember(email));
      const inviter = await access.actorName(user);
      const { token, hash } = newSecretToken();
      const row = await outbox.transaction(async (tx) => {
        await tx
          .update(invitations)
          .set({ withdrawnAt: now() })
          .where(and(eq(invitations.projectId, project.id), lowerEmail(invitations.email, email), pending));
        const [created] = await tx
          .insert(invitations)
          .values({
            projectId: project.id,
            email,
            tokenHash: hash,
            invitedBy: Number(user.id),
            sentAt: now(),
            expiresAt: expiry(),
          })
          .returning();
        await tx.insert(activity).values({
          projectId: project.id,
          actorId: Number(user.id),
          description: `${inviter} invited ${email} to ${project.key}`,
        });
        return created!;
      });
      await mail(email, token, project, { id: Number(user.id), name: inviter });
      return toDto(row, inviter);
    },

    async list(user: AuthUser, key: string): Promise<InvitationDto[]> {
      const project = await managedByKey(user, key);
      const rows = await db
        .select({ invitation: invitations, inviter: userDirectory.name })
        .from(invitations)
        .leftJoin(userDirectory, eq(userDirectory.id, invitations.invitedBy))
        .where(and(eq(invitations.projectId, project.id), pending))
        .orderBy(desc(invitations.sentAt), desc(invitations.id));
      return rows.map((row) => toDto(row.invitation, row.inviter));
    },

    /** A new link (the old one stops working) and its days from now. */
    async resend(user: AuthUser, id: number): Promise<InvitationDto> {
      const { invitation, project } = await managedById(user, id);
      const { token, hash } = newSecretToken();
      const [row] = await db
        .update(invitations)
        .set({ tokenHash: hash, sentAt: now(), expiresAt: expiry(), invitedBy: Number(user.id) })
        .where(and(eq(invitations.id, invitation.id), pending))
        .returning();
      if (!row) throw new NotFound(messages.invitationNotFound);
      const inviter = await access.actorName(user);
      await mail(row.email, token, project, { id: Number(user.id), name: inviter });
      return toDto(row, inviter);
    },

    async withdraw(user: AuthUser, id: number): Promise<void> {
      const { invitation } = await managedById(user, id);
      await db
        .update(invitations)
        .set({ withdrawnAt: now() })
        .where(and(eq(invitations.id, invitation.id), pending));
    },

    /** What a link invites to, for anyone holding it. */
    async preview(token: string): Promise<InvitationPreview> {
      const { invitation, project } = await usable(token);
      const [account] = await db
        .select({ id: userDirectory.id })
        .from(userDirectory)
        .where(lowerEmail(userDirectory.email, invitation.email));
      return {
        projectKey: project.key,
        projectName: project.name,
        email: invitation.email,
        invitedBy: (await access.nameOf(invitation.invitedBy))?.name ?? 'Someone',
        expiresAt: invitation.expiresAt.toISOString(),
        accountExists: Boolean(account),
      };
    },

    /** The invited account joins the project; the link is spent (two accepts at once: one wins). */
    async accept(user: AuthUser, token: string): Promise<InvitationAccepted> {
      const { invitation, project } = await usable(token);
      if (user.email.toLowerCase() !== invitation.email.toLowerCase())
        throw new Forbidden(messages.invitationForOtherEmail(invitation.email));
      refuseArchived(project);
      const name = await access.actorName(user);
      const joined = await outbox.transaction(async (tx) => {
        const spent = await tx
          .update(invitations)
          .set({ acceptedAt: now(), acceptedBy: Number(user.id) })
          .where(and(eq(invitations.id, invitation.id), pending, gt(invitations.expiresAt, now())))
          .returning({ id: invitations.id });
        if (!spent.length) return false;
        const added = await tx
          .insert(members)
          .values({ projectId: project.id, userId: Number(user.id) })
          .onConflictDoNothing()
          .returning({ userId: members.userId });
        if (added.length) {
          await tx.insert(activity).values({
            projectId: project.id,
            actorId: Number(user.id),
            description: `${name} joined ${project.key} by invitation`,
          });
          await outbox.recordEvent(tx, {
            type: 'member.added',
            projectId: String(project.id),
            projectKey: project.key,
            projectName: project.name,
            userId: String(user.id),
            actorId: String(invitation.invitedBy),
          });
        }
        return true;
      });
      if (!joined) throw new Conflict(messages.invitationUsed);
      return { projectKey: project.key, projectName: project.name };
    },
  };
}
export type Invitations = ReturnType<typeof createInvitations>;
