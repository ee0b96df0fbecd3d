import { and, eq } from 'drizzle-orm';
import { accountDirectory, mailLanguage, memberships, type Db, type Mailer } from '@trackboard/server-kit';
import { mailText } from './mail-text';
import { FAILURES_TO_DISABLE, type WebhookRow } from './webhook-outcomes';

/** The lead hears that their webhook stopped, and how to start it again. */
export async function tellLeadWebhookDisabled(
  db: Db,
  mailer: Mailer,
  { publicUrl, appName }: { publicUrl: string; appName: string },
  webhook: WebhookRow,
) {
  const [lead] = await db
    .select({
      email: accountDirectory.email,
      name: accountDirectory.name,
      profileSettings: accountDirectory.profileSettings,
      key: memberships.projectKey,
    })
    .from(memberships)
    .innerJoin(accountDirectory, eq(accountDirectory.id, memberships.userId))
    .where(and(eq(memberships.projectId, webhook.projectId), eq(memberships.isLead, true)));
  if (!lead) return;
  const language = mailLanguage(lead.profileSettings.language);
  await mailer.send({
    to: lead.email,
    subject: mailText(language, 'webhookDisabledSubject', { appName, projectKey: lead.key }),
    text: mailText(language, 'webhookDisabledText', {
      name: lead.name,
      url: webhook.url,
      projectKey: lead.key,
      failures: FAILURES_TO_DISABLE,
      link: `${publicUrl}/projects/${encodeURIComponent(lead.key)}`,
    }),
  });
}
