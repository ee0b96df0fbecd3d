import { and, eq } from 'drizzle-orm';
import { memberships, userDirectory, type Db, type Mailer } from '@trackboard/server-kit';
import { FAILURES_TO_DISABLE, type WebhookRow } from './webhook-outcomes';

/** The lead hears that their webhook stopped, and how to start it again. */
export async function tellLeadWebhookDisabled(
  db: Db,
  mailer: Mailer,
  { publicUrl, appName }: { publicUrl: string; appName: string },
  webhook: WebhookRow,
) {
  const [lead] = await db
    .select({ email: userDirectory.email, name: userDirectory.name, key: memberships.projectKey })
    .from(memberships)
    .innerJoin(userDirectory, eq(userDirectory.id, memberships.userId))
    .where(and(eq(memberships.projectId, webhook.projectId), eq(memberships.isLead, true)));
  if (!lead) return;
  const settings = `${publicUrl}/projects/${encodeURIComponent(lead.key)}`;
  await mailer.send({
    to: lead.email,
    subject: `${appName}: a webhook of ${lead.key} was disabled`,
    text:
      `Hello ${lead.name},\n\nthe webhook to ${webhook.url} in the project ${lead.key} failed ` +
      `${FAILURES_TO_DISABLE} deliveries in a row and was disabled: nothing more is sent to it.\n\n` +
      `Its delivery log, and "Send test" (a test that succeeds enables it again): ${settings}\n`,
  });
}
