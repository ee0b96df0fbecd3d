import i18next from 'i18next';
import { languageOf, languages, type Language } from '@trackboard/contracts';

// E-mails go out in the recipient's language: each service words its mails in its own
// catalogue (src/messages/en.json, de.json: flat, `{{name}}` placeholders, i18next syntax, like
// the web apps'), and both languages are bundled, since a mail may go to anyone.

/** A mail catalogue: message key → text, with `{{name}}` where a value goes. */
export type MailCatalogue = Record<string, string>;
export type MailValues = Record<string, string | number>;
/** A catalogue's keys, a plural's also by its stem ("digestSubject" for digestSubject_one/_other, with `count`). */
export type MailKey<Catalogue> =
  | (keyof Catalogue & string)
  | (keyof Catalogue extends infer Key ? (Key extends `${infer Stem}_${'one' | 'other'}` ? Stem : never) : never);

/**
 * A service's mail translator: `t(language, 'key', { name })`. Keys are the English catalogue's,
 * and the German one must have every one of them, so a missing or misspelt key does not compile.
 * Values go in as they are (mails are text): a mail with HTML escapes them itself.
 */
export function defineMailCatalogue<English extends MailCatalogue>(
  english: English,
  german: Record<keyof English, string>,
): (language: Language, key: MailKey<English>, values?: MailValues) => string {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...languages],
    initAsync: false,
    resources: { en: { mail: english }, de: { mail: german } },
    ns: ['mail'],
    defaultNS: 'mail',
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  // i18next's own key typing wants a declared resource type; the English catalogue's keys stand in.
  const translate = i18n.t.bind(i18n) as (key: string, options: Record<string, unknown>) => string;
  return (language, key, values) => translate(key, { lng: language, ...values });
}

/**
 * The language to mail someone in: the one their profile chose; else the first of ours the
 * request that caused the mail asks for (Accept-Language, by preference); else English.
 */
export function mailLanguage(chosen: Language | null | undefined, acceptLanguage?: string): Language {
  const profile = languageOf(chosen);
  if (profile) return profile;
  for (const tag of acceptedTags(acceptLanguage ?? '')) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return 'en';
}

/** An Accept-Language header's tags, most wanted first ("de;q=0.8, en" → en, de); q=0 is a refusal. */
function acceptedTags(header: string): string[] {
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => /^q=/i.test(param));
      return { tag, q: q ? Number(q.slice(2)) : 1 };
    })
    .filter(({ tag, q }) => tag && q > 0)
    .sort((a, b) => b.q - a.q)
    .map(({ tag }) => tag);
}
