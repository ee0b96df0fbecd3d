import type { Language, NotificationKind } from '@trackboard/contracts';
import { mailText } from './mail-text';

const aboutKeys = {
  assigned: 'aboutAssigned',
  mentioned: 'aboutMentioned',
  reply: 'aboutReply',
  comment: 'aboutComment',
  status: 'aboutStatus',
  added_to_project: 'aboutAddedToProject',
} as const satisfies Record<NotificationKind, string>;

/** What a kind is about, as e-mails and the unsubscribe page say it ("… e-mails about mentions of you"). */
export const kindAbout = (kind: NotificationKind, language: Language = 'en') => mailText(language, aboutKeys[kind]);
