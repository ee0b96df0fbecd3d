import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  canManageWebhooks,
  canSeeProject,
  messages,
  type CreateWebhookRequest,
  type WebhookDeliveriesQuery,
  type WebhookDeliveryDto,
  type WebhookDeliveryList,
  type WebhookDto,
} from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  memberships,
  projectDirectory,
  type AuthUser,
  type Clock,
  type Db,
} from '@trackboard/server-kit';
import { webhookDeliveries, webhooks } from '../db/schema';
import type { WebhookDispatch } from './webhook-dispatch';
import { checkTarget, type TargetPolicy } from './webhook-target';

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type Project = { id: number; key: string; archived: boolean };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toDeliveryDto = (row: DeliveryRow): WebhookDeliveryDto => ({
  id: row.id,
  event: row.event,
  status: row.status,
  attempt: row.attempt,
  responseCode: row.responseCode,
  durationMs: row.durationMs,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: iso(row.deliveredAt),
  nextAttemptAt: iso(row.nextAttemptAt),
});

/** The secret is shown once, in the creation's answer; afterwards only its last four characters. */
const toDto = (row: WebhookRow, projectKey: string, last: DeliveryRow | null): WebhookDto => ({
  id: String(row.id),
  projectKey,
  url: row.url,
  events: row.events,
  secretHint: `…${row.secret.slice(-4)}`,
  createdAt: row.createdAt.toISOString(),
  disabledAt: iso(row.disabledAt),
  consecutiveFailures: row.consecutiveFailures,
  lastDelivery: last && toDeliveryDto(last),
});

/**
 * `POST/GET /api/projects/:key/webhooks`, `DELETE /api/webhooks/:id`, `GET /api/webhooks/:id/deliveries`,
 * `POST /api/webhooks/:id/test`: a project's webhooks, for its lead and administrators. Like
 * the project itself, a project (or a webhook of one) the caller cannot see does not exist
 * (404); a member who is not the lead is refused (403).
 */
export function createWebhooks({
  db,
  clock,
  policy,
  dispatch,
}: {
  db: Db;
  clock: Clock;
  policy: TargetPolicy;
  dispatch: WebhookDispatch;
}) {
  async function projectFor(user: AuthUser, projectId: number | null, key: string | null, notFound: string) {
    const [project] = await db
      .select({ id: projectDirectory.id, key: projectDirectory.key, archived: projectDirectory.archived })
      .from(projectDirectory)
      .where(projectId !== null ? eq(projectDirectory.id, projectId) : eq(projectDirectory.key, key!));
    if (!project) throw new NotFound(notFound);
    const [membership] = await db
      .select({ isLead: memberships.isLead, isViewer: memberships.isViewer })
      .from(memberships)
      .where(and(eq(memberships.projectId, project.id), eq(memberships.userId, Number(user.id))));
    if (!canSeeProject(user, membership ?? null)) throw new NotFound(notFound);
    if (!canManageWebhooks(user, membership ?? null)) throw new Forbidden(messages.webhooksForbidden);
    return project satisfies Project;
  }

  async function webhookFor(user: AuthUser, id: number) {
    const [webhook] = await db.select().from(webhooks).where(eq(webhooks.id, id));
    if (!webhook) throw new NotFound(messages.webhookNotFound);
    const project = await projectFor(user, webhook.projectId, null, messages.webhookNotFound);
    return { webhook, project };
  }

  /** Each webhook's newest delivery. */
  async function lastDeliveries(ids: number[]): Promise<Map<number, DeliveryRow>> {
    if (!ids.length) return new Map();
    const rows = await db
      .selectDistinctOn([webhookDeliveries.webhookId])
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.webhookId, ids))
      .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
    return new Map(rows.map((r) => [r.webhookId, r]));
  }

  return {
    /** Issue 17: an archived project is read-only, so no webhook is added to it (its existing ones stay listed). */
    async create(user: AuthUser, key: string, request: CreateWebhookRequest): Promise<WebhookDto & { secret: string }> {
      const project = await projectFor(user, null, key, messages.projectNotFound);
      if (project.archived) throw new Conflict(messages.projectArchived);
      const target = await checkTarget(request.url, policy);
      if (!target.ok)
        throw new Invalid(
          target.reason === 'refused' ? messages.webhookTargetRefused : messages.webhookTargetUnresolved,
        );
      const [row] = await db
        .insert(webhooks)
        .values({
          projectId: project.id,
          url: request.url,
          secret: request.secret,
          events: request.events,
          createdBy: Number(user.id),
          createdAt: clock.now(),
        })
        .returning();
      return { ...toDto(row!, project.key, null), secret: row!.secret };
    },

    async list(user: AuthUser, key: string): Promise<WebhookDto[]> {
      const project = await projectFor(user, null, key, messages.projectNotFound);
      const rows = await db.select().from(webhooks).where(eq(webhooks.projectId, project.id)).orderBy(webhooks.id);
      const last = await lastDeliveries(rows.map((r) => r.id));
      return rows.map((r) => toDto(r, project.key, last.get(r.id) ?? null));
    },

    /** Its deliveries go with it (a delivery under way finds it gone and is dropped). */
    async remove(user: AuthUser, id: number): Promise<void> {
      await webhookFor(user, id);
      await db.delete(webhooks).where(eq(webhooks.id, id));
    },

    /**
     * A page of the delivery log, newest first: `limit` deliveries, those older than `before` (the
     * previous page's `nextCursor`) when it is given. The cursor is a delivery, so a page never
     * repeats or skips one that arrived while paging; one dropped from the log meanwhile is 400.
     */
    async deliveries(
      user: AuthUser,
      id: number,
      { before, limit }: WebhookDeliveriesQuery,
    ): Promise<WebhookDeliveryList> {
      await webhookFor(user, id);
      const ofWebhook = eq(webhookDeliveries.webhookId, id);
      if (before) {
        const [cursor] = await db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(ofWebhook, eq(webhookDeliveries.id, before)));
        if (!cursor) throw new Invalid(messages.webhookDeliveryCursorUnknown);
      }
      const olderThanCursor = before
        ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (select c.created_at, c.id
            from ${webhookDeliveries} as c where c.id = ${before}::uuid)`
        : undefined;
      // One more than the page: whether there is a next one.
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(and(ofWebhook, olderThanCursor))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return { deliveries: page.map(toDeliveryDto), nextCursor: rows.length > limit ? page.at(-1)!.id : null };
    },

    /** "Send test": one delivery now, answered with its outcome. */
    async test(user: AuthUser, id: number): Promise<WebhookDeliveryDto> {
      const { webhook, project } = await webhookFor(user, id);
      return toDeliveryDto(await dispatch.sendTest(webhook, project.key));
    },
  };
}
export type Webhooks = ReturnType<typeof createWebhooks>;
