import { defineMailCatalogue } from '@trackboard/server-kit';
import german from '../messages/de.json';
import english from '../messages/en.json';

/** The words of this service's e-mails, in each language it mails in. */
export const mailText = defineMailCatalogue(english, german);
