import { and, eq, inArray, sql } from 'drizzle-orm';
import { userDirectory, type Db } from '@trackboard/server-kit';
import type { WrittenIssue } from './import-issues';
import type { ImportPlan, PlannedComment, PlannedIssue } from './import-plan';

/** Someone the file names who has an account here: the issues the file assigns them. */
export type ImportOffer = { userId: number; email: string; issueIds: number[] };

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

/** The people named in the file who have an active account here (not the importer), with the issues assigned to them. */
export async function offersOf(
  db: Db,
  plan: ImportPlan,
  importerEmail: string,
  issueRows: WrittenIssue[],
  issueId: Map<PlannedIssue, number>,
): Promise<ImportOffer[]> {
  const emails = emailsOf(plan);
  emails.delete(importerEmail.toLowerCase());
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
