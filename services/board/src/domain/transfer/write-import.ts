import type { Readable } from 'node:stream';
import type { Db } from '@trackboard/server-kit';
import type { AttachmentSettings } from '../attachments/attachments';
import type { ImportTarget } from './import-batches';
import { writeBoards, writeLabels } from './import-boards';
import { writeComments } from './import-comments';
import { writeCycles } from './import-cycles';
import { writeFiles } from './import-files';
import { finishImport, writeHistory } from './import-history';
import { issueNumbers, writeIssues } from './import-issues';
import { offersOf, type ImportOffer } from './import-offers';
import type { ImportPlan } from './import-plan';
import { writeStructure } from './import-structure';

export type { ImportTarget } from './import-batches';
export type { ImportOffer } from './import-offers';

// An import's writes. The file may name anyone, so everything is written as the importer's own
// (docs/decisions/0001-import-acts-as-its-importer.md): the reporter, every comment and reaction and
// history line; others' comments keep their author and date as a quoted line, their reactions
// as counts. Nobody is added or assigned here: the people the file names who have an account
// are handed back as offers, which the importer may accept (imports.ts).
//
// Each step writes in batches (import-batches.ts) rather than one transaction. All-or-nothing is
// kept by the caller: the project is new, only the importer is in it, and a failure (or an
// abandoned job) deletes it whole.

/** Where an export with files keeps its bytes, and how the store takes them. */
export type ImportFileSource = { settings: AttachmentSettings; open: (path: string) => Promise<Readable> };

/** Writes the plan into the new project; `progress(n)` hears how many issues are written so far. */
export async function writeImport(
  db: Db,
  target: ImportTarget,
  plan: ImportPlan,
  progress: (written: number) => void,
  files?: ImportFileSource,
): Promise<ImportOffer[]> {
  const { numberOf, lastNumber } = issueNumbers(plan);
  const written = await writeBoards(db, target, plan, lastNumber);
  const labelIdsOf = await writeLabels(db, plan, written.boardIds);
  const cycleIds = await writeCycles(db, target, plan);
  const { issueRows, issueId } = await writeIssues(db, target, plan, written, numberOf, labelIdsOf, cycleIds, progress);
  await writeStructure(db, target, plan.relations ?? [], issueRows, issueId);
  await writeComments(db, target, issueRows, issueId);
  await writeHistory(db, target, issueRows, issueId);
  if (files) await writeFiles(db, target, files.settings, issueRows, issueId, files.open);
  await finishImport(db, target, written.boardIds, issueRows.length);
  return offersOf(db, plan, target, issueRows, issueId);
}
