import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  SUB_ISSUE_MAX_DEPTH,
  finishedStatuses,
  isAdmin,
  messages,
  type IssueDto,
  type IssueWriteResult,
  type LinkedIssueDto,
  type RelationDto,
  type RelationListDto,
  type RelationType,
  type SubIssuesDto,
} from '@trackboard/contracts';
import {
  Conflict,
  Invalid,
  NotFound,
  memberships,
  queryRows,
  type AuthUser,
  type Clock,
  type Db,
} from '@trackboard/server-kit';
import { issueRelations, issues } from '../db/schema';
import { editable, type Access } from './access';
import { recordHistory, type BoardWrites } from './board-writes';
import { createDependents } from './dependents';
import { issueAsItIs, issueDtosOf } from './issue-dto';

type StoredType = 'blocks' | 'relates' | 'duplicates';

/** How a relation made from one issue is stored: `blocked_by` is the other issue's `blocks`. */
const stored: Record<RelationType, { type: StoredType; reversed: boolean }> = {
  blocks: { type: 'blocks', reversed: false },
  blocked_by: { type: 'blocks', reversed: true },
  relates: { type: 'relates', reversed: false },
  duplicates: { type: 'duplicates', reversed: false },
  duplicated_by: { type: 'duplicates', reversed: true },
};
/** How a stored link reads from its `related_id` end. */
const backwards: Record<StoredType, RelationType> = {
  blocks: 'blocked_by',
  relates: 'relates',
  duplicates: 'duplicated_by',
};
const spoken: Record<RelationType, string> = {
  blocks: 'blocks',
  blocked_by: 'is blocked by',
  relates: 'relates to',
  duplicates: 'duplicates',
  duplicated_by: 'is duplicated by',
};

const linkedFields = (alias: string) => {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return sql`json_build_object('id', ${column('id')}::text, 'key', ${column('key')}, 'title', ${column('title')},
    'status', ${column('status')}, 'boardId', ${column('board_id')}::text)`;
};

/**
 * Structure between issues: a parent in the same project (sub-issues, at most
 * SUB_ISSUE_MAX_DEPTH levels, never a cycle) and relations between any two issues the caller can
 * see, across projects. A link to an issue of a project the viewer is not in is counted, never named.
 */
export function createIssueLinks(db: Db, access: Access, writes: BoardWrites, clock: Clock) {
  const { withBoardWrite } = writes;
  const dependents = createDependents(db, writes);

  /** Levels from `id` up to the top (`id` itself counted), and whether `needle` is among them. */
  async function ancestry(tx: Db, id: number, needle: number) {
    const [row] = await queryRows<{ levels: number; found: boolean }>(
      tx,
      sql`with recursive up(id, parent_id) as (
          select id, parent_id from ${issues} where id = ${id}
          union all
          select i.id, i.parent_id from ${issues} i join up on i.id = up.parent_id
        ) select count(*)::int as levels, bool_or(id = ${needle}) as found from up`,
    );
    return row!;
  }

  /** Levels from `id` down to its deepest sub-issue (`id` itself counted). */
  async function height(tx: Db, id: number) {
    const [row] = await queryRows<{ levels: number }>(
      tx,
      sql`with recursive down(id, level) as (
          select id, 1 from ${issues} where id = ${id}
          union all
          select i.id, down.level + 1 from ${issues} i join down on i.parent_id = down.id where down.level < 10
        ) select max(level)::int as levels from down`,
    );
    return row!.levels;
  }

  /**
   * A link changed between these issues: each counts as updated then, so a page showing one of
   * them (its open dialog) hears it and reads its links again. Answers them as they now are, for
   * the announcement made once the change has committed (they may be on other boards).
   */
  async function touched(tx: Db, ids: number[]): Promise<IssueDto[]> {
    await tx.update(issues).set({ updatedAt: clock.now() }).where(inArray(issues.id, ids));
    return issueDtosOf(tx, ids);
  }

  /** Whether the caller sees issues of this project (a member, or an admin). */
  const sees = (user: AuthUser) =>
    isAdmin(user)
      ? sql`true`
      : sql`exists (select 1 from ${memberships} m where m.project_id = other.project_id and m.user_id = ${Number(user.id)})`;

  return {
    /** Makes the issue a sub-issue of `parentId`, or a top-level issue (null). */
    async setParent(user: AuthUser, id: number, parentId: number | null, originId?: string): Promise<IssueWriteResult> {
      const { board, issue } = editable(user, await access.issue(user, id));
      const written = await withBoardWrite(board, originId, async (tx) => {
        const [current] = await tx.select({ parentId: issues.parentId }).from(issues).where(eq(issues.id, id));
        const was = current?.parentId ?? null;
        if (was === parentId) return null;
        let parent: { key: string } | undefined;
        if (parentId !== null) {
          [parent] = await tx
            .select({ key: issues.key })
            .from(issues)
            .where(
              and(eq(issues.id, parentId), eq(issues.projectId, issue.projectId), sql`${issues.deletedAt} is null`),
            );
          if (!parent) throw new Invalid('parentId: must be an issue of the same project');
          const above = await ancestry(tx, parentId, id);
          if (above.found)
            throw new Invalid('parentId: an issue cannot be a sub-issue of itself or of its own sub-issues');
          if (above.levels + (await height(tx, id)) > SUB_ISSUE_MAX_DEPTH)
            throw new Invalid(`parentId: sub-issues go at most ${SUB_ISSUE_MAX_DEPTH} levels deep`);
        }
        await tx.update(issues).set({ parentId }).where(eq(issues.id, id));
        const [old] = was ? await tx.select({ key: issues.key }).from(issues).where(eq(issues.id, was)) : [];
        await recordHistory(tx, board, user.id, id, [
          { kind: 'updated', field: 'parent', fromValue: old?.key ?? null, toValue: parent?.key ?? null },
        ]);
        const [self] = await issueDtosOf(tx, [id]);
        // The parents' counts changed too: their cards are told once this commits.
        const parents = await issueDtosOf(
          tx,
          [was, parentId].filter((x): x is number => x !== null),
        );
        return { result: { self: self!, parents }, changed: [self!] };
      });
      // Already so: the issue as it is.
      if (!written) return issueAsItIs(db, id);
      await dependents.announce(written.result.parents);
      return { ...written.result.self, boardVersion: written.version, rebalanced: [] };
    },

    async subIssues(user: AuthUser, id: number): Promise<SubIssuesDto> {
      const { issue } = await access.issue(user, id);
      const children = (
        await queryRows<{ issue: LinkedIssueDto }>(
          db,
          sql`select ${linkedFields('other')} as issue from ${issues} other
            where other.parent_id = ${id} and other.deleted_at is null order by other.number`,
        )
      ).map((row) => row.issue);
      const [parent] = issue.parentId
        ? await queryRows<{ issue: LinkedIssueDto }>(
            db,
            sql`select ${linkedFields('other')} as issue from ${issues} other
              where other.id = ${issue.parentId} and other.deleted_at is null`,
          )
        : [];
      const done = children.filter((child) => (finishedStatuses as readonly string[]).includes(child.status)).length;
      return { parent: parent?.issue ?? null, subIssues: children, done };
    },

    async relations(user: AuthUser, id: number): Promise<RelationListDto> {
      await access.issue(user, id);
      const rows = await queryRows<{ id: string; type: RelationType; visible: boolean; issue: LinkedIssueDto }>(
        db,
        sql`select link.id::text as id,
            case when link.issue_id = ${id} then link.type
              else (case link.type when 'blocks' then 'blocked_by' when 'duplicates' then 'duplicated_by' else link.type end)
            end as type,
            ${sees(user)} as visible, ${linkedFields('other')} as issue
          from ${issueRelations} link
          join ${issues} other on other.id = case when link.issue_id = ${id} then link.related_id else link.issue_id end
          where (link.issue_id = ${id} or link.related_id = ${id}) and other.deleted_at is null
          order by link.id`,
      );
      return {
        relations: rows.filter((r) => r.visible).map(({ id: linkId, type, issue }) => ({ id: linkId, type, issue })),
        hidden: rows.filter((r) => !r.visible).length,
      };
    },

    /** Links the issue to another the caller can see, by its key. */
    async relate(
      user: AuthUser,
      id: number,
      { type, issueKey }: { type: RelationType; issueKey: string },
      originId?: string,
    ): Promise<RelationDto> {
      const { board, issue } = editable(user, await access.issue(user, id));
      const other = await access.issueByKey(user, issueKey).catch((error: unknown) => {
        throw error instanceof NotFound ? new Invalid('issueKey: no issue you can see has this key') : error;
      });
      if (other.issue.id === id) throw new Invalid('issueKey: an issue cannot be linked to itself');
      const how = stored[type];
      const [from, to] = how.reversed ? [other.issue.id, id] : [id, other.issue.id];
      const written = await withBoardWrite(board, originId, async (tx) => {
        // One link per pair and kind, whichever way it was made ("relates" reads the same both ways).
        const [taken] = await tx
          .select({ id: issueRelations.id })
          .from(issueRelations)
          .where(
            and(
              eq(issueRelations.type, how.type),
              how.type === 'relates'
                ? sql`(${issueRelations.issueId}, ${issueRelations.relatedId}) in ((${from}, ${to}), (${to}, ${from}))`
                : and(eq(issueRelations.issueId, from), eq(issueRelations.relatedId, to)),
            ),
          );
        if (taken) throw new Conflict(`${issue.key} ${spoken[type]} ${other.issue.key} already.`);
        const [row] = await tx
          .insert(issueRelations)
          .values({ issueId: from, relatedId: to, type: how.type, createdBy: Number(user.id) })
          .returning({ id: issueRelations.id });
        await recordHistory(tx, board, user.id, id, [
          { kind: 'updated', field: 'relations', toValue: `${spoken[type]} ${other.issue.key}` },
        ]);
        // Both ends are told once this commits (a new blocker also changes the blocked one's mark).
        return { result: { id: String(row!.id), ends: await touched(tx, [from, to]) } };
      });
      await dependents.announce(written.result.ends);
      const { issue: linked } = other;
      return {
        id: written.result.id,
        type,
        issue: {
          id: String(linked.id),
          key: linked.key,
          title: linked.title,
          status: linked.status as LinkedIssueDto['status'],
          boardId: String(linked.boardId),
        },
      };
    },

    async unrelate(user: AuthUser, id: number, relationId: number, originId?: string): Promise<void> {
      const { board } = editable(user, await access.issue(user, id));
      const written = await withBoardWrite(board, originId, async (tx) => {
        const [gone] = await tx
          .delete(issueRelations)
          .where(
            and(
              eq(issueRelations.id, relationId),
              sql`(${issueRelations.issueId} = ${id} or ${issueRelations.relatedId} = ${id})`,
            ),
          )
          .returning();
        if (!gone) throw new NotFound(messages.relationNotFound);
        const otherId = gone.issueId === id ? gone.relatedId : gone.issueId;
        const type: RelationType = gone.issueId === id ? gone.type : backwards[gone.type];
        const [other] = await tx.select({ key: issues.key }).from(issues).where(eq(issues.id, otherId));
        await recordHistory(tx, board, user.id, id, [
          { kind: 'updated', field: 'relations', fromValue: `${spoken[type]} ${other?.key ?? ''}`.trim() },
        ]);
        return { result: await touched(tx, [gone.issueId, gone.relatedId]) };
      });
      await dependents.announce(written.result);
    },
  };
}
export type IssueLinks = ReturnType<typeof createIssueLinks>;
