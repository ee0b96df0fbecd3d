import type { Language, ProfileSettings } from '@trackboard/contracts';
import { defineMailCatalogue, mailLanguage } from '@trackboard/server-kit';
import german from '../messages/de.json';
import english from '../messages/en.json';

/** The words of this service's e-mails, in each language it mails in. */
export const mailText = defineMailCatalogue(english, german);

/** Whom a mail goes to: a row stored before the language setting existed has none. */
export type MailRecipient = { name: string; email: string; profileSettings: Partial<ProfileSettings> };

/** The recipient's language; else the one asked for by the request that caused the mail, if any. */
export const recipientLanguage = (to: MailRecipient, acceptLanguage?: string): Language =>
  mailLanguage(to.profileSettings.language, acceptLanguage);
