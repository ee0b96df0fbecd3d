import { and, eq, inArray, sql } from 'drizzle-orm';
import { COMMENT_BODY_MAX_LENGTH, statusForColumn, truncateText } from '@trackboard/contracts';
import { userDirectory, type Db } from '@trackboard/server-kit';
import { activity, boards, columns, comments, issueNumbers, issues, labels, reactions } from '../../db/schema';
import { evenRanks } from '../ordering';
import type { ImportPlan, PlannedComment, PlannedIssue } from './import-plan';
import { originalByline } from './byline';

// An import's writes. The file may name anyone, so everything is written as the importer's own
// (docs/decisions/import-acts-as-its-importer.md): the reporter, every comment and reaction and
// history line; others' comments keep their author and date as a quoted line, their reactions
// as counts. Nobody is added or assigned here: the people the file names who have an account
// are handed back as offers, which the importer may accept (imports.ts).
//
// Rows go in as multi-row INSERTs of BATCH rows, each its own statement, and the event loop is
// let go between them: on PGlite (one connection) a single transaction held every other user's
// query until it ended. All-or-nothing is kept by the caller: the project is new, only the
// importer is in it, and a failure (or an abandoned job) deletes it whole.

const BATCH = 100;

export type ImportTarget = {
  projectId: number;
  projectKey: string;
  userId: number;
  userEmail: string;
};

/** Someone the file names who has an account here: the issues the file assigns them. */
export type ImportOffer = { userId: number; email: string; issueIds: number[] };

const batches = <T>(items: T[]) => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
};

/** Lets every other request's queries run before the next batch. */
const letOthersIn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every e-mail the plan names, lower-cased. */
function emailsOf(plan: ImportPlan): Set<string> {
  const emails = new Set(plan.members.map((e) => e.toLowerCase()));
  const add = (email: string | null) => email && emails.add(email.toLowerCase());
  const addComment = (c: PlannedComment) => {
    add(c.author);
    c.reactions.thumbsup.forEach(add);
    c.reactions.heart.forEach(add);
    c.replies.forEach(addComment);
  };
  for (const board of plan.boards)
    for (const column of board.columns)
      for (const issue of column.issues) {
        add(issue.assignee);
        add(issue.reporter);
        issue.history.forEach((h) => add(h.actor));
        issue.comments.forEach(addComment);
      }
  return emails;
}

/** Writes the plan into the new project; `progress(n)` hears how many issues are written so far. */
export async function writeImport(
  db: Db,
  target: ImportTarget,
  plan: ImportPlan,
  progress: (written: number) => void,
): Promise<ImportOffer[]> {
  const me = target.userEmail.toLowerCase();
  const isMe = (email: string | null) => email?.toLowerCase() === me;

  // Numbers: the file's own when every issue has a distinct one (our export), else 1..n in file order.
  const all = plan.boards.flatMap((b) => b.columns.flatMap((c) => c.issues));
  const keep = all.every((i) => i.number !== null) && new Set(all.map((i) => i.number)).size === all.length;
  const numberOf = new Map<PlannedIssue, number>(all.map((issue, n) => [issue, keep ? issue.number! : n + 1]));
  let lastNumber = 0;
  for (const n of numberOf.values()) lastNumber = Math.max(lastNumber, n);

  const first = await db.transaction(async (tx) => {
    const [board] = await tx
      .select({ id: boards.id })
      .from(boards)
      .where(eq(boards.projectId, target.projectId))
      .orderBy(boards.id)
      .limit(1)
      .for('update');
    if (!board) throw new Error(`project ${target.projectKey} has no board to import into`);
    // The project service made the project's first board; it is taken over as the plan's first.
    await tx.delete(columns).where(eq(columns.boardId, board.id));
    await tx.update(boards).set({ name: plan.boards[0]!.name }).where(eq(boards.id, board.id));
    await tx.insert(issueNumbers).values({ projectId: target.projectId, lastNumber });
    return board;
  });
  const more =
    plan.boards.length > 1
      ? await db
          .insert(boards)
          .values(plan.boards.slice(1).map((b) => ({ projectId: target.projectId, name: b.name })))
          .returning({ id: boards.id })
      : [];
  const boardIds = [first.id, ...more.map((b) => b.id)];

  const columnRows = await db
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
  const labelIds = new Map<string, { id: number; name: string }>();
  const labelRows = plan.boards.flatMap((board, b) => {
    const byName = new Map(board.labels.map((l) => [l.name.toLowerCase(), l]));
    for (const column of board.columns)
      for (const issue of column.issues)
        for (const name of issue.labels)
          if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), { name, color: 'gray' });
    return [...byName.values()].map((l) => ({ boardId: boardIds[b]!, name: l.name, color: l.color }));
  });
  for (const part of batches(labelRows)) {
    const written = await db
      .insert(labels)
      .values(part)
      .returning({ id: labels.id, boardId: labels.boardId, name: labels.name });
    for (const l of written) labelIds.set(`${l.boardId}|${l.name.toLowerCase()}`, l);
  }
  // An issue keeps its label ids in the board's label order (by name, case aside), as every write does.
  const labelIdsOf = (boardId: number, names: string[]) =>
    [...new Map(names.map((n) => labelIds.get(`${boardId}|${n.toLowerCase()}`)!).map((l) => [l.id, l])).values()]
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id)
      .map((l) => l.id);

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
            reporterId: target.userId,
            // Only the importer is a member yet; others' assignments wait for the importer's word.
            assigneeId: isMe(issue.assignee) ? target.userId : null,
            labelIds: labelIdsOf(boardIds[b]!, issue.labels),
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
  for (const part of batches(issueRows)) {
    await letOthersIn();
    const ids = await db
      .insert(issues)
      .values(part.map((p) => p.row))
      .returning({ id: issues.id, key: issues.key });
    const byKey = new Map(ids.map((r) => [r.key, r.id]));
    for (const p of part) issueId.set(p.issue, byKey.get(p.row.key)!);
    written += part.length;
    progress(written);
  }

  // Comments, then replies under their parents' new ids. RETURNING hands rows back in the
  // order of the VALUES list for a plain multi-row INSERT, which pairs each id with its comment.
  const commentRow = (issue: number, comment: PlannedComment, parentId: number | null) => ({
    issueId: issue,
    parentId,
    authorId: target.userId,
    body: isMe(comment.author) ? comment.body : quoted(comment, isMe),
    edited: isMe(comment.author) && comment.editedAt !== null,
    editedAt: isMe(comment.author) && comment.editedAt ? new Date(comment.editedAt) : null,
    ...(comment.createdAt && { createdAt: new Date(comment.createdAt) }),
  });
  const reactionRows: (typeof reactions.$inferInsert)[] = [];
  const addReactions = (commentId: number, comment: PlannedComment) => {
    for (const type of ['thumbsup', 'heart'] as const)
      if (comment.reactions[type].some(isMe)) reactionRows.push({ commentId, userId: target.userId, type });
  };
  const parents = issueRows.flatMap(({ issue }) => issue.comments.map((comment) => ({ issue, comment })));
  const replies: { issue: PlannedIssue; comment: PlannedComment; parentId: number }[] = [];
  for (const part of batches(parents)) {
    await letOthersIn();
    const ids = await db
      .insert(comments)
      .values(part.map((p) => commentRow(issueId.get(p.issue)!, p.comment, null)))
      .returning({ id: comments.id });
    part.forEach((p, i) => {
      addReactions(ids[i]!.id, p.comment);
      for (const reply of p.comment.replies) replies.push({ issue: p.issue, comment: reply, parentId: ids[i]!.id });
    });
  }
  for (const part of batches(replies)) {
    await letOthersIn();
    const ids = await db
      .insert(comments)
      .values(part.map((p) => commentRow(issueId.get(p.issue)!, p.comment, p.parentId)))
      .returning({ id: comments.id });
    part.forEach((p, i) => addReactions(ids[i]!.id, p.comment));
  }
  for (const part of batches(reactionRows)) await db.insert(reactions).values(part).onConflictDoNothing();

  // The history the file tells of the importer's own doings (no dashboard lines: description '');
  // what others did is theirs to tell, and the import's own line says where the issues came from.
  const historyRows = issueRows.flatMap(({ issue, row }) =>
    issue.history
      .filter((h) => isMe(h.actor))
      .map((h) => ({
        projectId: target.projectId,
        boardId: row.boardId,
        actorId: target.userId,
        description: '',
        issueId: issueId.get(issue)!,
        kind: h.kind,
        field: h.field,
        fromValue: h.from,
        toValue: h.to,
        createdAt: new Date(h.at),
      })),
  );
  for (const part of batches(historyRows)) {
    await letOthersIn();
    await db.insert(activity).values(part);
  }
  const [importer] = await db
    .select({ name: userDirectory.name })
    .from(userDirectory)
    .where(eq(userDirectory.id, target.userId));
  await db.insert(activity).values({
    projectId: target.projectId,
    boardId: first.id,
    actorId: target.userId,
    description: `${importer?.name ?? 'Someone'} imported ${issueRows.length} issues into ${target.projectKey}`,
  });
  // Every board answer remembered while the batches went in is stale now.
  await db
    .update(boards)
    .set({ version: sql`${boards.version} + 1` })
    .where(inArray(boards.id, boardIds));

  return offersOf(db, emailsOf(plan), me, issueRows, issueId);
}

/** The people named in the file who have an active account here (not the importer), with the issues assigned to them. */
async function offersOf(
  db: Db,
  emails: Set<string>,
  me: string,
  issueRows: { issue: PlannedIssue }[],
  issueId: Map<PlannedIssue, number>,
): Promise<ImportOffer[]> {
  emails.delete(me);
  if (emails.size === 0) return [];
  const people = await db
    .select({ id: userDirectory.id, email: sql<string>`lower(${userDirectory.email})` })
    .from(userDirectory)
    .where(and(inArray(sql`lower(${userDirectory.email})`, [...emails]), eq(userDirectory.status, 'ACTIVE')));
  const offers = new Map(people.map((p) => [p.email, { userId: p.id, email: p.email, issueIds: [] as number[] }]));
  for (const { issue } of issueRows)
    if (issue.assignee) offers.get(issue.assignee.toLowerCase())?.issueIds.push(issueId.get(issue)!);
  return [...offers.values()].sort((a, b) => a.email.localeCompare(b.email));
}

/** Someone else's comment as the importer writes it: a quoted line with who and when, then the text. */
function quoted(comment: PlannedComment, isMe: (email: string | null) => boolean): string {
  const line = `> ${originalByline(comment, isMe)}\n\n`;
  return line + truncateText(comment.body, COMMENT_BODY_MAX_LENGTH - line.length, { ellipsis: '…' });
}
