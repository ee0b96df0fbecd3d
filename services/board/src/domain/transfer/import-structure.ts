import { sql } from 'drizzle-orm';
import { SUB_ISSUE_MAX_DEPTH } from '@trackboard/contracts';
import type { Db } from '@trackboard/server-kit';
import { issueRelations } from '../../db/schema';
import { batches, letOthersIn, type ImportTarget } from './import-batches';
import type { WrittenIssue } from './import-issues';
import type { Place, PlannedIssue, PlannedRelation } from './import-plan';
import type { ImportProblems } from './import-problems';

// Sub-issues and relations between a file's issues (our export names them by key). The file is
// checked as the API checks one link at a time: a parent of the same file, never a cycle, at
// most SUB_ISSUE_MAX_DEPTH levels. A link that breaks the rule is left out with a warning, in
// file order, rather than failing the import: the issues themselves are fine.

/** Keeps each issue's parent link where the API would take it; a link that would not is dropped with a warning. */
export function keepParents(issues: { issue: PlannedIssue; place: Place }[], problems: ImportProblems): void {
  const byRef = new Map(issues.map(({ issue }) => [issue.ref, issue]));
  const parentOf = new Map<PlannedIssue, PlannedIssue>();
  const childrenOf = new Map<PlannedIssue, PlannedIssue[]>();
  // The links kept so far never make a cycle, so both walks end.
  const levelsUpFrom = (issue: PlannedIssue) => {
    let levels = 1;
    for (let p = parentOf.get(issue); p; p = parentOf.get(p)) levels++;
    return levels;
  };
  const levelsDownFrom = (issue: PlannedIssue): number =>
    1 + (childrenOf.get(issue) ?? []).reduce((most, child) => Math.max(most, levelsDownFrom(child)), 0);
  const isAtOrAbove = (issue: PlannedIssue, below: PlannedIssue) => {
    for (let p: PlannedIssue | undefined = below; p; p = parentOf.get(p)) if (p === issue) return true;
    return false;
  };
  for (const { issue, place } of issues) {
    if (issue.parentRef === null) continue;
    const parent = byRef.get(issue.parentRef);
    const reason = !parent
      ? `"${issue.parentRef}" is not an issue of the file`
      : isAtOrAbove(issue, parent)
        ? 'would make the issue a sub-issue of itself'
        : levelsUpFrom(parent) + levelsDownFrom(issue) > SUB_ISSUE_MAX_DEPTH
          ? `sub-issues go at most ${SUB_ISSUE_MAX_DEPTH} levels deep`
          : null;
    if (reason !== null || !parent) {
      problems.warn(place, reason ?? '', 'imported without its parent');
      issue.parentRef = null;
      continue;
    }
    parentOf.set(issue, parent);
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), issue]);
  }
}

/** The relations between issues of the file, each once; one naming an issue the file lacks is dropped with a warning. */
export function keepRelations(
  relations: PlannedRelation[],
  refs: Set<string>,
  problems: ImportProblems,
): PlannedRelation[] {
  const seen = new Set<string>();
  return relations.filter((relation, r) => {
    const missing = (['from', 'to'] as const).find((end) => !refs.has(relation[end]));
    if (missing) {
      problems.warn(
        { field: `relations[${r}].${missing}` },
        `"${relation[missing]}" is not an issue of the file`,
        'link left out',
      );
      return false;
    }
    if (relation.from === relation.to) {
      problems.warn({ field: `relations[${r}].to` }, 'links the issue to itself', 'link left out');
      return false;
    }
    // `relates` reads the same both ways: stored once.
    const ends = relation.type === 'relates' ? [relation.from, relation.to].sort() : [relation.from, relation.to];
    const key = `${relation.type}|${ends.join('|')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Parent links and relations, once every issue has its id; written as the importer's. */
export async function writeStructure(
  db: Db,
  target: ImportTarget,
  relations: PlannedRelation[],
  issueRows: WrittenIssue[],
  issueId: Map<PlannedIssue, number>,
): Promise<void> {
  const idOf = new Map<string, number>();
  for (const { issue } of issueRows) if (issue.ref !== null) idOf.set(issue.ref, issueId.get(issue)!);
  const parents = issueRows
    .filter(({ issue }) => issue.parentRef !== null && idOf.has(issue.parentRef))
    .map(({ issue }) => ({ id: issueId.get(issue)!, parentId: idOf.get(issue.parentRef!)! }));
  for (const part of batches(parents)) {
    await letOthersIn();
    const values = sql.join(
      part.map((p) => sql`(${p.id}::bigint, ${p.parentId}::bigint)`),
      sql`, `,
    );
    await db.execute(
      sql`update board.issues as i set parent_id = v.parent_id from (values ${values}) as v(id, parent_id) where i.id = v.id`,
    );
  }
  const rows = relations
    .filter((r) => idOf.has(r.from) && idOf.has(r.to))
    .map((r) => ({ issueId: idOf.get(r.from)!, relatedId: idOf.get(r.to)!, type: r.type, createdBy: target.userId }));
  for (const part of batches(rows)) {
    await letOthersIn();
    await db.insert(issueRelations).values(part).onConflictDoNothing();
  }
}
