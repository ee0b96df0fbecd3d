import { and, eq, sql } from 'drizzle-orm';
import {
  messages,
  type ImportError,
  type ImportFormat,
  type ImportJobDto,
  type ProjectDto,
} from '@trackboard/contracts';
import {
  NotFound,
  userDirectory,
  type AuthUser,
  type Clock,
  type Db,
  type Logger,
  type ServiceClient,
} from '@trackboard/server-kit';
import { importJobs } from '../../db/schema';
import { ImportFailure, issueCount, type ImportPlan } from './import-plan';
import { readCsv } from './read-csv';
import { readTrackboard } from './read-trackboard';
import { readTrello } from './read-trello';
import { writeImport } from './write-import';

// Imports as jobs (issue 17). The replica that received the file runs it in the background:
// read and check the whole file, create the project through the project service with the
// user's token (which makes its first board here), add the people it names who have accounts,
// then write everything in one transaction. Any failure after the project exists deletes it
// again through the same API, so a failed import leaves nothing. A replica that stops mid-import
// leaves its job 'running': a job unfinished after ABANDONED_AFTER_MS is reported failed.

const ABANDONED_AFTER_MS = 10 * 60 * 1000;
type JobRow = typeof importJobs.$inferSelect;

const toDto = (row: JobRow): ImportJobDto => ({
  id: String(row.id),
  format: row.format,
  status: row.status,
  processed: row.processed,
  total: row.total,
  projectKey: row.projectKey,
  error: row.error ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function readPlan(format: ImportFormat, text: string, name: string): ImportPlan {
  if (format === 'csv') return readCsv(text, `${name} Board`);
  if (format === 'trello') return readTrello(text);
  return readTrackboard(text);
}

/** The message of an error answer from another service. */
const messageOf = async (res: Response) =>
  ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? messages.serviceUnavailable;

export type ImportRequest = { format: ImportFormat; key: string; name: string };

export function createImports({
  db,
  projectService,
  log,
  clock,
}: {
  db: Db;
  projectService: ServiceClient;
  log: Logger;
  clock: Clock;
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

  async function run(job: JobRow, user: AuthUser, token: string, request: ImportRequest, text: string): Promise<void> {
    const fail = async (error: ImportError) => {
      await update(job.id, { status: 'failed', error });
    };
    let plan: ImportPlan;
    try {
      plan = readPlan(request.format, text, request.name);
    } catch (error) {
      if (error instanceof ImportFailure) return fail(error.where);
      log.warn({ err: error, job: job.id }, 'import: the file could not be read');
      return fail({ message: messages.importUnreadable });
    }
    const total = issueCount(plan);
    if (total === 0) return fail({ message: messages.importEmpty });
    await update(job.id, { status: 'running', total });

    const created = await projectService('POST', '/api/projects', {
      token,
      body: { key: request.key, name: request.name, description: plan.description },
    });
    if (!created.ok)
      return fail({ field: created.status === 409 ? 'key' : undefined, message: await messageOf(created) });
    const project = (await created.json()) as ProjectDto;
    try {
      const own = user.email?.toLowerCase();
      for (const email of new Set(plan.members.map((e) => e.toLowerCase()))) {
        if (email === own) continue;
        // Someone without an account here (404) or already a member (409) is simply not added.
        const res = await projectService('POST', `/api/projects/${project.key}/members`, { token, body: { email } });
        if (!res.ok && res.status !== 404 && res.status !== 409 && res.status !== 400)
          throw new Error(`adding ${email}: ${res.status}`);
      }
      const [me] = await db
        .select({ name: userDirectory.name })
        .from(userDirectory)
        .where(eq(userDirectory.id, Number(user.id)));
      // Progress is written beside the transaction, never awaited inside it: on PGlite (one
      // connection) it lands after the commit, on PostgreSQL at once, in order either way.
      let reported = Promise.resolve();
      await writeImport(
        db,
        {
          projectId: Number(project.id),
          projectKey: project.key,
          userId: Number(user.id),
          userName: me?.name ?? 'Someone',
        },
        plan,
        (written) => {
          reported = reported
            .then(async () => {
              await reportProgress(job.id, written);
            })
            .catch(() => undefined);
        },
      );
      await reported;
      await update(job.id, { status: 'succeeded', processed: total });
    } catch (error) {
      log.error({ err: error, job: job.id }, 'import: writing failed; removing the new project');
      const removed = await projectService('DELETE', `/api/projects/${project.key}`, { token }).catch(() => null);
      if (!removed?.ok)
        log.error({ job: job.id, project: project.key }, 'import: the new project could not be removed');
      await fail({ message: messages.importFailed });
    }
  }

  return {
    /** Records the job and starts it; the answer comes before the work is done (202). */
    async start(user: AuthUser, token: string, request: ImportRequest, text: string): Promise<ImportJobDto> {
      const [job] = await db
        .insert(importJobs)
        .values({ userId: Number(user.id), format: request.format, projectKey: request.key })
        .returning();
      const work = run(job!, user, token, request, text)
        .catch(async (error) => {
          log.error({ err: error, job: job!.id }, 'import failed');
          await update(job!.id, { status: 'failed', error: { message: messages.importFailed } }).catch(() => undefined);
        })
        .finally(() => running.delete(work));
      running.add(work);
      return toDto(job!);
    },

    /** The caller's own job; anyone else's answers 404 like one that does not exist. */
    async get(user: AuthUser, id: number): Promise<ImportJobDto> {
      const [row] = await db
        .select()
        .from(importJobs)
        .where(and(eq(importJobs.id, id), eq(importJobs.userId, Number(user.id))));
      if (!row) throw new NotFound(messages.importNotFound);
      const unfinished = row.status === 'queued' || row.status === 'running';
      if (unfinished && clock.now().getTime() - row.updatedAt.getTime() > ABANDONED_AFTER_MS) {
        const error = { message: messages.importAbandoned };
        await update(row.id, { status: 'failed', error });
        return toDto({ ...row, status: 'failed', error });
      }
      return toDto(row);
    },

    /** Resolves once every job this replica runs has finished. */
    async settled(): Promise<void> {
      while (running.size) await Promise.all([...running]);
    },
  };
}
export type Imports = ReturnType<typeof createImports>;
