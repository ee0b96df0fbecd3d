import { eq, inArray, sql } from 'drizzle-orm';
import { statusForColumn } from '@trackboard/contracts';
import { memberships, userDirectory, type Db } from '@trackboard/server-kit';
import { activity, boards, columns, comments, issueNumbers, issues, labels, reactions } from '../../db/schema';
import { evenRanks } from '../ordering';
import type { ImportPlan, PlannedComment, PlannedIssue } from './import-plan';

// An import's writes (issue 17): every board, column, label, issue, comment, reaction and
// history row in ONE transaction, so a failure leaves nothing. Rows go in as multi-row INSERTs
// of up to CHUNK rows (about 25 parameters an issue: PostgreSQL takes 65,535 per statement).
// The project and its first board were made through the project service (and its members
// added there); that first, empty board is taken over as the plan's first board.

const CHUNK = 1000;

export type ImportTarget = {
  projectId: number;
  projectKey: string;
  /** Who imports: the reporter, author or actor wherever the file names no one known here. */
  userId: number;
  userName: string;
};

const chunks = <T>(items: T[]) => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

/** Every e-mail the plan names, lower-cased. */
function emailsOf(plan: ImportPlan): string[] {
  const emails = new Set(plan.members);
  const addComment = (c: PlannedComment) => {
    if (c.author) emails.add(c.author);
    c.reactions.thumbsup.forEach((e) => emails.add(e));
    c.reactions.heart.forEach((e) => emails.add(e));
    c.replies.forEach(addComment);
  };
  for (const board of plan.boards)
    for (const column of board.columns)
      for (const issue of column.issues) {
        if (issue.assignee) emails.add(issue.assignee);
        if (issue.reporter) emails.add(issue.reporter);
        issue.history.forEach((h) => h.actor && emails.add(h.actor));
        issue.comments.forEach(addComment);
      }
  return [...emails].map((e) => e.toLowerCase());
}

/** Writes the plan into the new project; `progress(n)` hears how many issues are written so far. */
export async function writeImport(
  db: Db,
  target: ImportTarget,
  plan: ImportPlan,
  progress: (written: number) => void,
): Promise<void> {
  const emails = emailsOf(plan);
  const people = emails.length
    ? await db
        .select({ id: userDirectory.id, email: sql<string>`lower(${userDirectory.email})` })
        .from(userDirectory)
        .where(inArray(sql`lower(${userDirectory.email})`, emails))
    : [];
  const userId = new Map(people.map((p) => [p.email, p.id]));
  const members = new Set(
    (
      await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(eq(memberships.projectId, target.projectId))
    ).map((m) => m.userId),
  );
  const person = (email: string | null) => (email ? userId.get(email.toLowerCase()) : undefined);
  // An assignee must be a current member (docs/architecture.md, "Assignee"); others stay unassigned.
  const assignee = (email: string | null) => {
    const id = person(email);
    return id !== undefined && members.has(id) ? id : null;
  };

  // Numbers: the file's own when every issue has a distinct one (our export), else 1..n in file order.
  const all = plan.boards.flatMap((b) => b.columns.flatMap((c) => c.issues));
  const keep = all.every((i) => i.number !== null) && new Set(all.map((i) => i.number)).size === all.length;
  const numberOf = new Map<PlannedIssue, number>(all.map((issue, n) => [issue, keep ? issue.number! : n + 1]));
  const lastNumber = Math.max(0, ...numberOf.values());

  await db.transaction(async (tx) => {
    const [first] = await tx
      .select({ id: boards.id })
      .from(boards)
      .where(eq(boards.projectId, target.projectId))
      .orderBy(boards.id)
      .limit(1)
      .for('update');
    if (!first) throw new Error(`project ${target.projectKey} has no board to import into`);
    await tx.delete(columns).where(eq(columns.boardId, first.id));
    await tx
      .update(boards)
      .set({ name: plan.boards[0]!.name, version: sql`${boards.version} + 1` })
      .where(eq(boards.id, first.id));
    const more =
      plan.boards.length > 1
        ? await tx
            .insert(boards)
            .values(plan.boards.slice(1).map((b) => ({ projectId: target.projectId, name: b.name })))
            .returning({ id: boards.id })
        : [];
    const boardIds = [first.id, ...more.map((b) => b.id)];

    const columnRows = await tx
      .insert(columns)
      .values(
        plan.boards.flatMap((board, b) =>
          board.columns.map((column, position) => ({
            boardId: boardIds[b]!,
            name: column.name,
            position,
            wipLimit: column.wipLimit,
          })),
        ),
      )
      .returning({ id: columns.id, boardId: columns.boardId, position: columns.position });
    const columnId = (b: number, position: number) =>
      columnRows.find((c) => c.boardId === boardIds[b] && c.position === position)!.id;

    // A board's labels, plus any name an issue carries that the board's list lacks (gray).
    const labelIds = new Map<string, number>();
    const labelRows = plan.boards.flatMap((board, b) => {
      const byName = new Map(board.labels.map((l) => [l.name.toLowerCase(), l]));
      for (const column of board.columns)
        for (const issue of column.issues)
          for (const name of issue.labels)
            if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), { name, color: 'gray' });
      return [...byName.values()].map((l) => ({ boardId: boardIds[b]!, name: l.name, color: l.color }));
    });
    for (const part of chunks(labelRows)) {
      const written = await tx
        .insert(labels)
        .values(part)
        .returning({ id: labels.id, boardId: labels.boardId, name: labels.name });
      for (const l of written) labelIds.set(`${l.boardId}|${l.name.toLowerCase()}`, l.id);
    }

    await tx.insert(issueNumbers).values({ projectId: target.projectId, lastNumber });

    const issueRows = plan.boards.flatMap((board, b) =>
      board.columns.flatMap((column, c) => {
        const ranks = evenRanks(column.issues.length);
        return column.issues.map((issue, i) => {
          const number = numberOf.get(issue)!;
          const count = issue.comments.reduce((n, comment) => n + 1 + comment.replies.length, 0);
          return {
            issue,
            row: {
              boardId: boardIds[b]!,
              projectId: target.projectId,
              number,
              key: `${target.projectKey}-${number}`,
              columnId: columnId(b, c),
              title: issue.title,
              description: issue.description,
              status: issue.status ?? statusForColumn(column.name),
              rank: ranks[i]!,
              type: issue.type,
              priority: issue.priority,
              reporterId: person(issue.reporter) ?? target.userId,
              assigneeId: assignee(issue.assignee),
              labelIds: [...new Set(issue.labels.map((n) => labelIds.get(`${boardIds[b]}|${n.toLowerCase()}`)!))],
              dueDate: issue.dueDate,
              commentCount: count,
              relatedCode: issue.relatedCode,
              links: issue.links,
              instructions: issue.instructions,
              ...(issue.createdAt && { createdAt: new Date(issue.createdAt) }),
              ...(issue.updatedAt && { updatedAt: new Date(issue.updatedAt) }),
            },
          };
        });
      }),
    );
    const issueId = new Map<PlannedIssue, number>();
    let written = 0;
    for (const part of chunks(issueRows)) {
      const ids = await tx
        .insert(issues)
        .values(part.map((p) => p.row))
        .returning({ id: issues.id, key: issues.key });
      const byKey = new Map(ids.map((r) => [r.key, r.id]));
      for (const p of part) issueId.set(p.issue, byKey.get(p.row.key)!);
      written += part.length;
      progress(written);
    }
    // An issue keeps its label ids in the board's label order (by name, case aside), as every write does.
    await tx.execute(sql`update ${issues} i set label_ids = (select array_agg(l.id order by lower(l.name), l.id)
      from ${labels} l where l.id = any(i.label_ids))
      where i.project_id = ${target.projectId} and cardinality(i.label_ids) > 1`);

    // Comments, then replies under their parents' new ids. RETURNING hands rows back in the
    // order of the VALUES list for a plain multi-row INSERT, which pairs each id with its comment.
    const commentRow = (issue: number, comment: PlannedComment, parentId: number | null) => ({
      issueId: issue,
      parentId,
      authorId: person(comment.author) ?? target.userId,
      body: comment.body,
      edited: comment.editedAt !== null,
      editedAt: comment.editedAt ? new Date(comment.editedAt) : null,
      ...(comment.createdAt && { createdAt: new Date(comment.createdAt) }),
    });
    const reactionRows: (typeof reactions.$inferInsert)[] = [];
    const addReactions = (commentId: number, comment: PlannedComment) => {
      for (const type of ['thumbsup', 'heart'] as const)
        for (const id of new Set(comment.reactions[type].map(person).filter((u): u is number => u !== undefined)))
          reactionRows.push({ commentId, userId: id, type });
    };
    const parents = issueRows.flatMap(({ issue }) => issue.comments.map((comment) => ({ issue, comment })));
    const replies: { issue: PlannedIssue; comment: PlannedComment; parentId: number }[] = [];
    for (const part of chunks(parents)) {
      const ids = await tx
        .insert(comments)
        .values(part.map((p) => commentRow(issueId.get(p.issue)!, p.comment, null)))
        .returning({ id: comments.id });
      part.forEach((p, i) => {
        addReactions(ids[i]!.id, p.comment);
        for (const reply of p.comment.replies) replies.push({ issue: p.issue, comment: reply, parentId: ids[i]!.id });
      });
    }
    for (const part of chunks(replies)) {
      const ids = await tx
        .insert(comments)
        .values(part.map((p) => commentRow(issueId.get(p.issue)!, p.comment, p.parentId)))
        .returning({ id: comments.id });
      part.forEach((p, i) => addReactions(ids[i]!.id, p.comment));
    }
    for (const part of chunks(reactionRows)) await tx.insert(reactions).values(part).onConflictDoNothing();

    // The issues' history as the file tells it (no dashboard lines: description ''), and one
    // dashboard line for the import itself.
    const historyRows = issueRows.flatMap(({ issue, row }) =>
      issue.history.map((h) => ({
        projectId: target.projectId,
        boardId: row.boardId,
        actorId: person(h.actor) ?? target.userId,
        description: '',
        issueId: issueId.get(issue)!,
        kind: h.kind,
        field: h.field,
        fromValue: h.from,
        toValue: h.to,
        createdAt: new Date(h.at),
      })),
    );
    for (const part of chunks(historyRows)) await tx.insert(activity).values(part);
    await tx.insert(activity).values({
      projectId: target.projectId,
      boardId: first.id,
      actorId: target.userId,
      description: `${target.userName} imported ${issueRows.length} issues into ${target.projectKey}`,
    });
  });
}
