import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  messages,
  type ImportError,
  type ImportFormat,
  type ImportJobDto,
  type ProjectDto,
} from '@trackboard/contracts';
import {
  Conflict,
  HttpError,
  importDuration,
  Invalid,
  NotFound,
  projectDirectory,
  queryRows,
  userDirectory,
  type AuthUser,
  type Clock,
  type Db,
  type Logger,
  type ServiceClient,
} from '@trackboard/server-kit';
import { activity, boards, importJobs, issues } from '../../db/schema';
import { projectIsArchived } from '../access';
import type { AttachmentSettings } from '../attachments/attachments';
import { checkIssueCount, ImportFailure, issueCount, summaryOf, type ImportPlan } from './import-plan';
import { ImportProblems } from './import-problems';
import { importText } from './import-text';
import { readCsv } from './read-csv';
import { readTrackboard } from './read-trackboard';
import { readTrello } from './read-trello';
import { isZip, openExportZip, type ExportZip } from './import-zip';
import { writeImport } from './write-import';

// Imports as jobs. The replica that received the file runs it in the background: read and
// check the whole file, create the project through the project service with the user's token
// (which makes its first board here), then write everything as the importer's own
// (write-import.ts). The people the file names are offered, not added: the importer adds them
// afterwards (addPeople), with the issues the file assigns them. Any failure after the project
// exists deletes it again through the same API, so a failed import leaves nothing.
//
// A running job touches its row every HEARTBEAT_MS. A replica that stops mid-import leaves its
// job 'running' and silent: read after ABANDONED_AFTER_MS of silence, it is reported failed and
// its half-written project deleted with the reader's token (the importer's: jobs are private).

const HEARTBEAT_MS = 5_000;
const ABANDONED_AFTER_MS = 30_000;
type JobRow = typeof importJobs.$inferSelect;

const toDto = (row: JobRow): ImportJobDto => ({
  id: String(row.id),
  format: row.format,
  status: row.status,
  processed: row.processed,
  total: row.total,
  projectKey: row.projectKey,
  error: row.error ?? null,
  people: row.offers.map((offer) => ({ email: offer.email, issues: offer.issueIds.length })),
  summary: row.summary ? { warnings: [], warningCount: 0, ...row.summary } : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The file read and checked whole: every problem it has, in one failure. `zip`: the export with
 * files it came in, whose export.json `file` is.
 */
function readPlan(
  { format, name, strict }: ImportRequest,
  file: Uint8Array,
  zip?: { files: ExportZip; limits: AttachmentSettings },
): ImportPlan {
  const { text, encoding } = importText(file);
  const problems = new ImportProblems(strict === 'true');
  const plan =
    format === 'csv'
      ? readCsv(text, `${name} Board`, problems)
      : format === 'trello'
        ? readTrello(text, problems)
        : readTrackboard(
            text,
            problems,
            zip && { sizes: zip.files.sizes, maxBytes: zip.limits.maxBytes, quotaBytes: zip.limits.quotaBytes },
          );
  problems.throwIfAny();
  if (encoding === 'windows-1252')
    plan.warnings = ['The file is not UTF-8: it was read as Windows-1252 and converted.', ...(plan.warnings ?? [])];
  return plan;
}

/**
 * A zip sent as our export is the export with files: its export.json is read as the file, its
 * files kept at hand. Sent as anything else (a spreadsheet saved as .xlsx is a zip too), it is
 * the binary file the text reader refuses, saying how to save it.
 */
async function openFile(format: ImportFormat, file: Uint8Array): Promise<ExportZip | undefined> {
  return format === 'trackboard' && isZip(file) ? openExportZip(file) : undefined;
}

/** The message of an error answer from another service. */
const messageOf = async (res: Response) =>
  ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? messages.serviceUnavailable;

export type ImportRequest = { format: ImportFormat; key: string; name: string; strict?: 'true' | 'false' };

export function createImports({
  db,
  projectService,
  log,
  clock,
  attachments,
}: {
  db: Db;
  projectService: ServiceClient;
  log: Logger;
  clock: Clock;
  /** Where an export with files stores its attachments, within which limits. */
  attachments: AttachmentSettings;
}) {
  /** Jobs running on this replica (tests and shutdown wait for them). */
  const running = new Set<Promise<void>>();

  const update = (id: number, changes: Partial<JobRow>) =>
    db
      .update(importJobs)
      .set({ ...changes, updatedAt: clock.now() })
      .where(eq(importJobs.id, id));

  const reportProgress = (id: number, written: number) =>
    db
      .update(importJobs)
      .set({ processed: sql`greatest(${importJobs.processed}, ${written})`, updatedAt: clock.now() })
      .where(eq(importJobs.id, id));

  /** Removes the project a job made (its boards and issues go with the project.deleted event). */
  async function removeProject(job: JobRow, token: string): Promise<void> {
    if (job.projectId === null) return;
    // The key may name another project by now (this one deleted by hand, the key taken again).
    const found = await projectService('GET', `/api/projects/${job.projectKey}`, { token }).catch(() => null);
    if (found?.ok && ((await found.json()) as ProjectDto).id !== String(job.projectId)) return;
    const removed = await projectService('DELETE', `/api/projects/${job.projectKey}`, { token }).catch(() => null);
    if (!removed?.ok && removed?.status !== 404)
      log.error({ job: job.id, project: job.projectKey }, 'import: the new project could not be removed');
  }

  type Outcome = 'succeeded' | 'failed';
  const failed = async (job: JobRow, error: ImportError): Promise<Outcome> => {
    await update(job.id, { status: 'failed', error });
    return 'failed';
  };

  /** Reads the file whole, then writes it; a zip (our export with files) is held open until its files are stored. */
  async function run(
    job: JobRow,
    user: AuthUser,
    token: string,
    request: ImportRequest,
    file: Uint8Array,
  ): Promise<Outcome> {
    const fail = (error: ImportError) => failed(job, error);
    let plan: ImportPlan;
    let zip: ExportZip | undefined;
    try {
      zip = await openFile(request.format, file);
      plan = readPlan(request, zip?.json ?? file, zip && { files: zip, limits: attachments });
      checkIssueCount(issueCount(plan));
    } catch (error) {
      zip?.close();
      if (error instanceof ImportFailure) return fail(error.where);
      log.warn({ err: error, job: job.id }, 'import: the file could not be read');
      return fail({ message: messages.importUnreadable });
    }
    try {
      return await writePlan(job, user, token, request, plan, zip);
    } finally {
      zip?.close();
    }
  }

  /** Creates the project through the project service and writes the plan into it; a failure removes it again. */
  async function writePlan(
    job: JobRow,
    user: AuthUser,
    token: string,
    request: ImportRequest,
    plan: ImportPlan,
    zip: ExportZip | undefined,
  ): Promise<Outcome> {
    const fail = (error: ImportError) => failed(job, error);
    const total = issueCount(plan);
    if (total === 0) return fail({ message: messages.importEmpty });
    await update(job.id, { status: 'running', total, summary: summaryOf(plan) });

    const created = await projectService('POST', '/api/projects', {
      token,
      body: { key: request.key, name: request.name, description: plan.description },
    });
    if (!created.ok)
      return fail({ field: created.status === 409 ? 'key' : undefined, message: await messageOf(created) });
    const project = (await created.json()) as ProjectDto;
    const made = { ...job, projectId: Number(project.id) };
    await update(job.id, { projectId: made.projectId });
    const heartbeat = setInterval(() => void update(job.id, {}).catch(() => undefined), HEARTBEAT_MS);
    try {
      // Its estimates mean something only on their scale: the importer, its lead, sets it first.
      if (plan.estimateScale && plan.estimateScale !== 'none') {
        const scaled = await projectService('PUT', `/api/projects/${project.key}`, {
          token,
          body: { estimateScale: plan.estimateScale },
        });
        if (!scaled.ok) throw new Error(`the estimate scale was refused: ${await messageOf(scaled)}`);
      }
      // Progress is written beside the writes, never awaited by them, in order.
      let reported = Promise.resolve();
      const offers = await writeImport(
        db,
        { projectId: made.projectId, projectKey: project.key, userId: Number(user.id), userEmail: user.email ?? '' },
        plan,
        (written) => {
          reported = reported
            .then(async () => {
              await reportProgress(job.id, written);
            })
            .catch(() => undefined);
        },
        zip && { settings: attachments, open: zip.open },
      );
      await reported;
      await update(job.id, { status: 'succeeded', processed: total, offers });
      return 'succeeded';
    } catch (error) {
      log.error({ err: error, job: job.id }, 'import: writing failed; removing the new project');
      await removeProject(made, token);
      return fail({ message: messages.importFailed });
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** The caller's own job; anyone else's answers 404 like one that does not exist. */
  async function ownJob(user: AuthUser, id: number): Promise<JobRow> {
    const [row] = await db
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.id, id), eq(importJobs.userId, Number(user.id))));
    if (!row) throw new NotFound(messages.importNotFound);
    return row;
  }

  /** Gives each added person the issues the file assigns them that are still unassigned, as the importer's change (the file's updatedAt stays). */
  async function assign(job: JobRow, user: AuthUser, added: JobRow['offers']): Promise<void> {
    const names = new Map(
      (
        await db
          .select({ id: userDirectory.id, name: userDirectory.name })
          .from(userDirectory)
          .where(
            inArray(
              userDirectory.id,
              added.map((a) => a.userId),
            ),
          )
      ).map((u) => [u.id, u.name]),
    );
    await db.transaction(async (tx) => {
      for (const person of added) {
        if (person.issueIds.length === 0) continue;
        const changed = await tx
          .update(issues)
          .set({ assigneeId: person.userId })
          .where(
            and(eq(issues.projectId, job.projectId!), inArray(issues.id, person.issueIds), isNull(issues.assigneeId)),
          )
          .returning({ id: issues.id, boardId: issues.boardId });
        if (changed.length === 0) continue;
        await tx.insert(activity).values(
          changed.map((issue) => ({
            projectId: job.projectId!,
            boardId: issue.boardId,
            actorId: Number(user.id),
            description: '',
            issueId: issue.id,
            kind: 'updated' as const,
            field: 'assignee' as const,
            fromValue: null,
            toValue: names.get(person.userId) ?? person.email,
          })),
        );
        await tx
          .update(boards)
          .set({ version: sql`${boards.version} + 1` })
          .where(inArray(boards.id, [...new Set(changed.map((issue) => issue.boardId))]));
      }
    });
  }

  return {
    /**
     * Records the job and starts it; the answer comes before the work is done (202). A key that
     * is taken answers 409 at once rather than after the whole file has been read.
     */
    async start(user: AuthUser, token: string, request: ImportRequest, file: Uint8Array): Promise<ImportJobDto> {
      const [taken] = await db
        .select({ id: projectDirectory.id })
        .from(projectDirectory)
        .where(eq(projectDirectory.key, request.key));
      if (taken) throw new Conflict(messages.projectKeyTaken);
      const [job] = await db
        .insert(importJobs)
        .values({ userId: Number(user.id), format: request.format, projectKey: request.key })
        .returning();
      const started = performance.now();
      const work = run(job!, user, token, request, file)
        .catch(async (error): Promise<Outcome> => {
          log.error({ err: error, job: job!.id }, 'import failed');
          await update(job!.id, { status: 'failed', error: { message: messages.importFailed } }).catch(() => undefined);
          return 'failed';
        })
        .then((outcome) =>
          importDuration.observe({ format: request.format, outcome }, (performance.now() - started) / 1000),
        )
        .finally(() => running.delete(work));
      running.add(work);
      return toDto(job!);
    },

    /** The caller's own job; one silent too long is failed and its project removed. */
    async get(user: AuthUser, token: string, id: number): Promise<ImportJobDto> {
      const row = await ownJob(user, id);
      const unfinished = row.status === 'queued' || row.status === 'running';
      if (unfinished && clock.now().getTime() - row.updatedAt.getTime() > ABANDONED_AFTER_MS) {
        const error = { message: messages.importAbandoned };
        await update(row.id, { status: 'failed', error });
        await removeProject(row, token);
        return toDto({ ...row, status: 'failed', error });
      }
      return toDto(row);
    },

    /**
     * Adds some of the people a finished import offered to its project, through the project
     * service as the caller (who must still be allowed to add members), then gives them the
     * issues the file assigned them. Nobody outside the offer can be named.
     */
    async addPeople(user: AuthUser, token: string, id: number, emails: string[]): Promise<ImportJobDto> {
      const job = await ownJob(user, id);
      if (job.status !== 'succeeded' || job.projectId === null) throw new Conflict(messages.importNotFinished);
      const [project] = await queryRows<{ archived: boolean }>(
        db,
        sql`select ${projectIsArchived(db, sql`${job.projectId}`)} as archived`,
      );
      // An archived project is read-only: no one joins it, no issue of it is assigned.
      if (project?.archived) throw new Conflict(messages.projectArchived);
      const offered = new Map(job.offers.map((offer) => [offer.email, offer]));
      emails.forEach((email, i) => {
        if (!offered.has(email)) throw new Invalid(`emails[${i}]: ${messages.importPersonNotOffered}`);
      });
      const added: JobRow['offers'] = [];
      for (const email of new Set(emails)) {
        const res = await projectService('POST', `/api/projects/${job.projectKey}/members`, { token, body: { email } });
        // 409: a member already (added by hand since); 404/400: the account is gone or not active.
        if (res.ok || res.status === 409) added.push(offered.get(email)!);
        else if (res.status === 401 || res.status === 403) throw new HttpError(res.status, await messageOf(res));
        else if (res.status !== 404 && res.status !== 400) throw new HttpError(503, messages.serviceUnavailable);
      }
      await assign(job, user, added);
      const left = job.offers.filter((offer) => !added.includes(offer));
      await update(job.id, { offers: left });
      return toDto({ ...job, offers: left });
    },

    /** Resolves once every job this replica runs has finished. */
    async settled(): Promise<void> {
      while (running.size) await Promise.all([...running]);
    },
  };
}
export type Imports = ReturnType<typeof createImports>;
