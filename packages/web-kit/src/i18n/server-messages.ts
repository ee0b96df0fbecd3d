import { messages } from '@trackboard/contracts';
import { defineCatalogue } from './i18n';

// The server answers in English (the contracts' catalogue: API clients depend on its wording). A
// page in another language shows a known answer in the reader's language, found by its English
// text; an answer with values in it (a few are) stays as the server wrote it.
type TextKey = { [K in keyof typeof messages]: (typeof messages)[K] extends string ? K : never }[keyof typeof messages];

export const serverMessagesInEnglish = Object.fromEntries(
  Object.entries(messages as Record<string, unknown>).filter((entry) => typeof entry[1] === 'string'),
) as Record<TextKey, string>;

/** A message of the contracts' catalogue, in the page's language: `serverText('notFound')`. */
export const serverText = defineCatalogue('server', serverMessagesInEnglish, {
  de: () => import('./server-messages/de.json'),
});

const keyOfText = new Map(Object.entries(serverMessagesInEnglish).map(([key, text]) => [text, key as TextKey]));

/** What the server said, in the page's language when it is one of the catalogue's messages. */
export function inReadersLanguage(text: string): string {
  const key = keyOfText.get(text);
  return key ? serverText(key) : text;
}
