import { and, eq } from 'drizzle-orm';
import { messages } from '@trackboard/contracts';
import { Invalid, memberships, userDirectory, type AuthUser, type Db } from '@trackboard/server-kit';

/** What a request says about the assignee: `assigneeId`, or the spec's text `owner`. */
export type AssigneeInput = { assigneeId?: number | null; owner?: string };

/**
 * Who an issue is assigned to: only a current member of its project, or nobody. The spec's
 * Owner field ("User ID or name") is matched to a member by id, e-mail or name (case does not
 * matter); a blank one unassigns.
 */
export function createAssignees(db: Db) {
  async function isMember(projectId: number, userId: number): Promise<boolean> {
    const rows = await db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.projectId, projectId), eq(memberships.userId, userId)));
    return rows.length > 0;
  }

  type Member = { id: number; name: string; email: string };
  const named = (m: Member, wanted: string) =>
    String(m.id) === wanted || m.email.toLowerCase() === wanted || m.name.toLowerCase() === wanted;

  const membersOf = (projectId: number): Promise<Member[]> =>
    db
      .select({ id: memberships.userId, name: userDirectory.name, email: userDirectory.email })
      .from(memberships)
      .innerJoin(userDirectory, eq(userDirectory.id, memberships.userId))
      .where(eq(memberships.projectId, projectId));

  /** The member a text names: by id, else e-mail, else a name only one member has. */
  function matchOwner(members: Member[], wanted: string): number {
    const byName = members.filter((m) => m.name.toLowerCase() === wanted);
    const found =
      members.find((m) => String(m.id) === wanted) ??
      members.find((m) => m.email.toLowerCase() === wanted) ??
      (byName.length === 1 ? byName[0] : undefined);
    if (found) return found.id;
    throw new Invalid(byName.length > 1 ? messages.ownerAmbiguous : messages.ownerNotMember);
  }

  return {
    /**
     * The assignee a request asks for: undefined when it says nothing about one, null to
     * unassign. A text owner that names the assignee already chosen (`assigneeId`, or the
     * issue's `current` one) keeps them, so a form sending back the name it shows never fails
     * on two members of the same name. `creating`: the spec's create form sends its creator as
     * the owner; an administrator who is not a member then creates the issue unassigned.
     */
    async resolve(
      user: AuthUser,
      projectId: number,
      input: AssigneeInput,
      { creating = false, current = null }: { creating?: boolean; current?: number | null } = {},
    ): Promise<number | null | undefined> {
      const byId = input.assigneeId;
      if (byId !== undefined && byId !== null && !(await isMember(projectId, byId)))
        throw new Invalid(messages.assigneeNotMember);
      if (input.owner === undefined) return byId;
      const wanted = input.owner.trim().toLowerCase();
      if (wanted === '') {
        if (byId) throw new Invalid(messages.ownerDisagrees);
        return null;
      }
      const members = await membersOf(projectId);
      const isNamed = (id: number | null | undefined) => members.some((m) => m.id === id && named(m, wanted));
      if (byId !== undefined) {
        if (!isNamed(byId)) throw new Invalid(messages.ownerDisagrees);
        return byId;
      }
      if (isNamed(current)) return current;
      if (creating && wanted === user.id && !members.some((m) => String(m.id) === user.id)) return null;
      return matchOwner(members, wanted);
    },
  };
}
export type Assignees = ReturnType<typeof createAssignees>;
