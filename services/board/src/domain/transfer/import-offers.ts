import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { userDirectory, type Db } from '@trackboard/server-kit';
import type { WrittenIssue } from './import-issues';
import type { ImportPlan, PlannedComment, PlannedIssue } from './import-plan';

/** Someone the file names who has an account here: the issues the file assigns them. */
export type ImportOffer = { userId: number; email: string; issueIds: number[] };

/** Everyone the plan names, by e-mail or (an assignee in another tracker's CSV) by display name, lower-cased. */
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

/**
 * The people named in the file who have an active account here (not the importer), with the
 * issues assigned to them. Other trackers' CSVs name assignees by display name: a name counts
 * when exactly one active account has it (case aside); an e-mail always wins.
 */
export async function offersOf(
  db: Db,
  plan: ImportPlan,
  target: { userId: number; userEmail: string },
  issueRows: WrittenIssue[],
  issueId: Map<PlannedIssue, number>,
): Promise<ImportOffer[]> {
  const named = emailsOf(plan);
  const emails = [...named].filter((name) => name.includes('@'));
  const names = [...named].filter((name) => !name.includes('@'));
  if (emails.length === 0 && names.length === 0) return [];
  const people = await db
    .select({
      id: userDirectory.id,
      email: sql<string>`lower(${userDirectory.email})`,
      name: sql<string>`lower(${userDirectory.name})`,
    })
    .from(userDirectory)
    .where(
      and(
        or(
          emails.length ? inArray(sql`lower(${userDirectory.email})`, emails) : undefined,
          names.length ? inArray(sql`lower(${userDirectory.name})`, names) : undefined,
        ),
        eq(userDirectory.status, 'ACTIVE'),
      ),
    );
  const byName = new Map<string, (typeof people)[number] | null>();
  for (const person of people) byName.set(person.name, byName.has(person.name) ? null : person);
  const personOf = (named: string) =>
    named.includes('@') ? people.find((p) => p.email === named) : (byName.get(named) ?? undefined);
  const offers = new Map<number, ImportOffer>();
  for (const { issue } of issueRows) {
    const person = issue.assignee ? personOf(issue.assignee.toLowerCase()) : undefined;
    if (!person || person.id === target.userId) continue;
    const offer = offers.get(person.id) ?? { userId: person.id, email: person.email, issueIds: [] };
    offers.set(person.id, offer);
    offer.issueIds.push(issueId.get(issue)!);
  }
  // Everyone the file names by e-mail is offered, with or without issues (comment authors, members).
  for (const person of people)
    if (emails.includes(person.email) && person.id !== target.userId && !offers.has(person.id))
      offers.set(person.id, { userId: person.id, email: person.email, issueIds: [] });
  return [...offers.values()].sort((a, b) => a.email.localeCompare(b.email));
}
