import type { NotificationKind } from '@trackboard/contracts';

/** What each kind is about, as e-mails and the unsubscribe page say it ("… e-mails about mentions of you"). */
export const kindAbout: Record<NotificationKind, string> = {
  assigned: 'issues assigned to you',
  mentioned: 'mentions of you',
  reply: 'replies to your comments',
  comment: 'comments on issues you watch',
  status: 'status changes of issues you watch',
  added_to_project: 'being added to a project',
};
