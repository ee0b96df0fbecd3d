import { join } from 'node:path';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  createOutbox,
  createServiceApp,
  requireUser,
  type Authenticator,
  type Clock,
  type Database,
  type EventBus,
  type Logger,
  type MigrationSet,
  type ServiceClient,
} from '@trackboard/server-kit';
import { IMPORT_MAX_BYTES, messages, parseId, type BoardUpdatedEvent } from '@trackboard/contracts';
import { outbox as outboxTable } from './db/schema';
import { createAccess } from './domain/access';
import { createAttachments, type AttachmentSettings } from './domain/attachments/attachments';
import { createFileLinks } from './domain/attachments/file-links';
import { createFileRemovals } from './domain/attachments/file-removals';
import { createAssignees } from './domain/assignees';
import { createBoardWrites } from './domain/board-writes';
import { createBoards } from './domain/boards';
import { createColumns } from './domain/columns';
import { createComments } from './domain/comments';
import { PURGE_EVERY_MS, createPurge } from './domain/deletions';
import { createIssueLinks } from './domain/issue-links';
import { createBulkEdits } from './domain/bulk-edits';
import { createIssues } from './domain/issues';
import { createLabels } from './domain/labels';
import { createMemberRemoval } from './domain/member-removal';
import { createProjectRemoval } from './domain/project-removal';
import { createProjectProgress } from './domain/project-progress';
import { createSearch } from './domain/search';
import { createTaskCountBackfill } from './domain/task-counts';
import { createExports } from './domain/transfer/exports';
import { createImports } from './domain/transfer/imports';
import { createPresenceUsers } from './realtime/presence-users';
import { createRealtime, type Realtime, type RealtimeOptions } from './realtime/rooms';
import { attachmentRoutes, issueAttachmentRoutes, signedFileRoutes } from './routes/attachments';
import { boardRoutes } from './routes/boards';
import { columnRoutes } from './routes/columns';
import { commentRoutes } from './routes/comments';
import { createCycles, type Cycles } from './domain/cycles';
import { cycleRoutes, projectCycleRoutes } from './routes/cycles';
import { issueLinkRoutes } from './routes/issue-links';
import { issueRoutes } from './routes/issues';
import { labelRoutes } from './routes/labels';
import { progressRoutes } from './routes/progress';
import { searchRoutes } from './routes/search';
import { exportRoutes, importRoutes } from './routes/transfer';

export { attachmentSettings } from './domain/attachments/settings';
export type { AttachmentSettings } from './domain/attachments/attachments';

export const boardMigrations: MigrationSet = { service: 'board', folder: join(__dirname, 'db/migrations') };

export type BoardDeps = {
  database: Database;
  log: Logger;
  authenticate: Authenticator;
  /**
   * Events from the other services (project deletions, membership and session revocations,
   * notifications to push), and where this service's outbox relays its own (issues, comments).
   */
  events: EventBus;
  /** Origins allowed to open a socket besides the page's own host. */
  allowedOrigins: string[];
  /** With Redis, board rooms span every replica. */
  redisUrl?: string;
  clock: Clock;
  /** The realtime server's knobs (tests shorten the expiry sweep). */
  realtime?: RealtimeOptions;
  /**
   * The project service's API: an export reads the project as the caller sees it; an
   * import creates its project and adds its members there, with the caller's token.
   */
  projectService: ServiceClient;
  /** How often the outbox relay polls for events a crash or an outage left behind; 0: only after commits (tests). */
  outboxPollMs?: number;
  /** How often this replica purges deleted issues and comments past their restore window (deletions.ts). */
  purgeEveryMs?: number;
  /** Where attachments are stored and how large they may be. */
  attachments: AttachmentSettings;
};

/** The board service: its HTTP app and its Socket.IO server (attached by whoever listens). */
export function createBoardApp({
  database,
  log,
  authenticate,
  events,
  allowedOrigins,
  redisUrl,
  clock,
  realtime: realtimeOptions,
  projectService,
  outboxPollMs,
  purgeEveryMs,
  attachments: attachmentSettings,
}: BoardDeps): {
  app: ReturnType<typeof createServiceApp>;
  realtime: Realtime;
  /** Plans cycles and rolls them over: each replica's timer runs `advance`, and tests run it on their own clock. */
  cycles: Cycles;
  /** Lets running imports finish, then stops the outbox relay and the realtime server (the bus and the database belong to the caller). */
  close(): Promise<void>;
} {
  // Every change is announced to its board room after its transaction commits, and its event
  // is recorded in that transaction and relayed to the bus after it.
  const emit = (event: BoardUpdatedEvent) => {
    boards.heard(event);
    realtime.emitBoardUpdated(event);
  };
  const outbox = createOutbox({ db: database.db, table: outboxTable, bus: events, log, pollMs: outboxPollMs });
  const access = createAccess(database.db);
  const writes = createBoardWrites(database.db, emit, outbox);
  const assignees = createAssignees(database.db);
  const issues = createIssues(database.db, access, writes, assignees, clock);
  const bulkEdits = createBulkEdits(database.db, access, writes, assignees, clock);
  const boards = createBoards(database.db, access, writes);
  const columns = createColumns(access, writes);
  const labels = createLabels(database.db, access, writes, clock);
  const comments = createComments(database.db, access, writes, clock, (event) => realtime.emitCommentChanged(event));
  const stopPurging = createPurge(database.db, clock, log).start(purgeEveryMs);
  const cycles = createCycles(database.db, access, writes, clock, log);
  const stopPlanningCycles = cycles.start();
  // Issues written before their task counts were stored get them once (migration 0018).
  const countingTasks = createTaskCountBackfill(database.db, writes, log).start();
  const fileRemovals = createFileRemovals(database.db, attachmentSettings.store, log);
  const stopRemovingFiles = fileRemovals.start(purgeEveryMs ?? PURGE_EVERY_MS);
  const attachments = createAttachments({
    db: database.db,
    access,
    writes,
    settings: attachmentSettings,
    links: createFileLinks(database.db),
    removals: fileRemovals,
    clock,
  });
  const removeProject = createProjectRemoval(database.db);
  const unassignRemoved = createMemberRemoval(database.db, writes, clock);
  const realtime = createRealtime({
    authenticate,
    canSeeBoard: boards.canSee,
    describeUser: createPresenceUsers(database.db),
    log,
    allowedOrigins,
    redisUrl,
    boardUpdatedElsewhere: boards.heard,
    clock,
    ...realtimeOptions,
  });

  // Durable work: one replica removes a deleted project's boards, or unassigns a removed
  // member's issues; a failure is retried.
  events.consume('board', {
    'project.deleted': async (event) => {
      const gone = await removeProject(event);
      for (const board of gone) writes.announceRemoved(board);
      void fileRemovals.kick();
      realtime.emptyRooms(gone.map((b) => String(b.id)));
    },
    'membership.removed': unassignRemoved,
  });
  // Every replica acts on its own sockets.
  void events.listen({
    'membership.removed': async (event) => {
      const projectId = parseId(event.projectId);
      if (projectId) realtime.removeFromBoards(event.userId, await boards.boardIdsOfProject(projectId));
    },
    'session.revoked': (event) => realtime.disconnectSession(event.sessionId),
    'account.revoked': (event) => realtime.disconnectUser(event.userId),
    // The notification service stored one: its user's sockets on this replica hear it (every
    // replica hears the event, so none sends it through the Redis adapter as well).
    'notification.created': ({ userId, notification, unreadCount }) =>
      realtime.notifyUser(userId, { notification, unreadCount }),
  });

  const imports = createImports({ db: database.db, projectService, log, clock, attachments: attachmentSettings });

  // An import's file may be up to IMPORT_MAX_BYTES; an attachment streams past the body limit
  // and is counted as it is stored (ATTACHMENT_MAX_BYTES, a 413 naming it); every other request
  // keeps the usual 1 MiB.
  const isUpload = (c: Context) => c.req.method === 'POST' && /^\/api\/issues\/[^/]+\/attachments$/.test(c.req.path);
  const app = createServiceApp({
    service: 'board',
    log,
    ready: database.ping,
    maxBodyBytes: IMPORT_MAX_BYTES,
    streamsBody: isUpload,
  });
  const usualLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => c.json({ message: messages.bodyTooLarge }, 413),
  });
  app.use('*', (c, next) => (c.req.path === '/api/imports' || isUpload(c) ? next() : usualLimit(c, next)));
  // A signed link carries its own proof (file-links.ts): an img or a download cannot send a token.
  const needUser = requireUser(authenticate);
  app.use('/api/*', (c, next) => (c.req.path.startsWith('/api/attachment-files/') ? next() : needUser(c, next)));
  app.route('/api', boardRoutes(boards, columns, labels));
  app.route('/api/labels', labelRoutes(labels));
  app.route('/api/columns', columnRoutes(columns));
  app.route('/api/issues', issueRoutes(issues, bulkEdits, comments));
  app.route('/api/issues', issueAttachmentRoutes(attachments));
  app.route('/api/issues', issueLinkRoutes(createIssueLinks(database.db, access, writes, clock), issues));
  app.route('/api/attachments', attachmentRoutes(attachments));
  app.route('/api/attachment-files', signedFileRoutes(attachments));
  app.route('/api/comments', commentRoutes(comments));
  app.route('/api/search', searchRoutes(createSearch(database.db)));
  app.route('/api/projects', exportRoutes(createExports(database.db, projectService, clock, attachmentSettings.store)));
  app.route('/api/imports', importRoutes(imports));
  app.route('/api/projects', projectCycleRoutes(cycles));
  app.route('/api/projects', progressRoutes(createProjectProgress(database.db, access, clock)));
  app.route('/api/cycles', cycleRoutes(cycles));
  return {
    app,
    realtime,
    cycles,
    async close() {
      await imports.settled();
      await countingTasks;
      stopPurging();
      stopPlanningCycles();
      stopRemovingFiles();
      await fileRemovals.settled();
      await outbox.close();
      await realtime.close();
    },
  };
}
