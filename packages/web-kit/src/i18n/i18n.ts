import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { languageOf, languages, type Language } from '@trackboard/contracts';
import { storageKeys } from '../session/storage-keys';

// One i18next instance for the shell and every remote (web-kit is a shared singleton), each app's
// words under its own namespace. English is bundled with each app: it is the spec's wording and
// what a missing translation falls back to. Another language's catalogue is loaded when that
// language is chosen, so a page in English carries no German.
// docs/decisions/0092-one-catalogue-per-app.md says why i18next.

/** A catalogue: message key → text, with `{{name}}` where a value goes. */
export type Catalogue = Record<string, string>;
type CatalogueLoader = () => Promise<{ default: Catalogue }>;
export type Translations = Partial<Record<Exclude<Language, 'en'>, CatalogueLoader>>;

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...languages],
  initAsync: false,
  resources: {},
  // React escapes what it renders; escaping here would show "&amp;" on the page.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
});

const loaders = new Map<string, Translations>();
const loading = new Map<string, Promise<void>>();

function loadCatalogue(namespace: string, language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, namespace)) return Promise.resolve();
  const load = loaders.get(namespace)?.[language];
  if (!load) return Promise.resolve();
  const key = `${language}:${namespace}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = load().then(
      (catalogue) => {
        i18n.addResourceBundle(language, namespace, catalogue.default);
        notify();
      },
      (error: unknown) => {
        // Offline or a stale deploy: the page stays usable in English, and the next try loads again.
        loading.delete(key);
        console.warn(`Could not load the ${language} words of ${namespace}`, error);
        notify();
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

type Values = Record<string, string | number>;

/** The stems of a catalogue's counted texts: `watchers` where it has `watchers_one` and `watchers_other`. */
export type PluralStem<English> = {
  [K in keyof English & string]: K extends `${infer Stem}_one`
    ? `${Stem}_other` extends keyof English
      ? Stem
      : never
    : never;
}[keyof English & string];

/** An app's translator: `t('key', { name })`, and `t.plural('stem', count)` for a counted text. */
export interface CatalogueText<English extends Catalogue> {
  (key: keyof English & string, values?: Values): string;
  /**
   * A counted text: i18next picks `stem_one` or `stem_other` by `count` and the page's language's
   * plural rules. In the text `{{count}}` is the bare number and `{{n}}` the number as the
   * language writes it ("5,000", "5.000"), unless `values` brings an `n` of its own.
   */
  plural(stem: PluralStem<English>, count: number, values?: Values): string;
}

/**
 * Registers an app's catalogue and returns its translator (CatalogueText). Keys are the English
 * catalogue's, so a misspelt key does not compile.
 */
export function defineCatalogue<English extends Catalogue>(
  namespace: string,
  english: English,
  translations: Translations,
): CatalogueText<English> {
  i18n.addResourceBundle('en', namespace, english);
  loaders.set(namespace, translations);
  void loadCatalogue(namespace, currentLanguage());
  // i18next's own key typing wants a declared resource type; the English catalogue's keys stand in.
  const translate = i18n.t.bind(i18n) as (key: string, options: Record<string, unknown>) => string;
  const text = (key: string, values?: Values) => translate(key, { ns: namespace, ...values });
  return Object.assign(text, {
    plural: (stem: string, count: number, values?: Values) =>
      translate(stem, { ns: namespace, n: numberFormat().format(count), ...values, count }),
  });
}

/** The language the page is in now. */
export const currentLanguage = (): Language => languageOf(i18n.language) ?? 'en';

/** The browser's first language that is one of ours; English when none is. */
export function browserLanguage(): Language {
  const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of tags) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return 'en';
}

/** The language chosen on this browser (kept for the signed-out pages); null: the browser's. */
export function storedLanguageChoice(): Language | null {
  try {
    return languageOf(window.localStorage.getItem(storageKeys.language)) ?? null;
  } catch {
    return null;
  }
}

/**
 * Switches the page to `choice` (null: the browser's language) once every registered
 * catalogue has its words in it, and remembers the choice on this browser.
 */
export async function setLanguage(choice: Language | null): Promise<void> {
  try {
    if (choice) window.localStorage.setItem(storageKeys.language, choice);
    else window.localStorage.removeItem(storageKeys.language);
  } catch (error) {
    console.warn('Could not store the language', error);
  }
  const language = choice ?? browserLanguage();
  await Promise.all([...loaders.keys()].map((namespace) => loadCatalogue(namespace, language)));
  if (language !== i18n.language) await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  notify();
}

// A version number that changes whenever the language changes or a catalogue arrives.
let version = 0;
const listeners = new Set<() => void>();
function notify() {
  version += 1;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's language; a component using it draws again when it changes. */
export function useLanguage(): Language {
  useSyncExternalStore(subscribe, () => version);
  return currentLanguage();
}

/**
 * Whether `namespace`'s words are here in the page's language: a remote's root draws nothing
 * until they are, rather than flash English at someone reading German. A catalogue that failed
 * to load leaves the page in English rather than blank.
 */
export function useCatalogue(namespace: string): boolean {
  const language = useLanguage();
  return language === 'en' || i18n.hasResourceBundle(language, namespace) || !loading.has(`${language}:${namespace}`);
}

let chosenTimeZone: string | null = null;

/** The time zone dates are shown in: the profile's, else the browser's. */
export const currentTimeZone = (): string => chosenTimeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Shows dates in `zone` from now on (null: the browser's). */
export function setTimeZone(zone: string | null): void {
  if (zone === chosenTimeZone) return;
  chosenTimeZone = zone;
  notify();
}

// Intl formatters are costly to build (a board draws hundreds of dates): one per language, zone and options.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => F,
): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Dates and times in the page's language and the user's time zone. A calendar date without a
 * time (a due date, "2026-11-20") passes `timeZone: 'UTC'`: it is the same day everywhere.
 */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const language = currentLanguage();
  const timeZone = options.timeZone ?? currentTimeZone();
  return cached(
    `d|${language}|${timeZone}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(language, { ...options, timeZone }),
  );
}

/** Numbers in the page's language ("5,000" in English, "5.000" in German). */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const language = currentLanguage();
  return cached(`n|${language}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(language, options));
}

/** "in 3 days", "yesterday" in the page's language. */
export function relativeTimeFormat(): Intl.RelativeTimeFormat {
  const language = currentLanguage();
  return cached(`r|${language}`, () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
}
