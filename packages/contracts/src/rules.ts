// Rules the browser needs too, kept free of zod so importing them ships no schema code.

/** Spec §5 (profile): text, @, text, dot, text, no spaces. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Ids travel as text; row ids are positive integers. At most 15 digits, so every id
 * that matches is a safe JavaScript integer and a PostgreSQL bigint.
 */
export const idPattern = /^[1-9][0-9]{0,14}$/;

/** A row id from text or a number, or null when it cannot be one. */
export const parseId = (value: string | number): number | null =>
  idPattern.test(String(value)) ? Number(value) : null;

/** Spec §5 and §9: a project key is 1–10 characters, A–Z and 0–9. */
export const PROJECT_KEY_MAX = 10;
export const projectKeyPattern = /^[A-Z0-9]{1,10}$/;

/**
 * Text limits the schemas enforce (auth.ts, projects.ts, boards.ts) and the forms show as hints
 * and input limits: one number for both, so the browser never allows what the server refuses.
 */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 200;
export const USER_NAME_MAX_LENGTH = 100;
export const PROJECT_NAME_MAX_LENGTH = 100;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 5000;
export const BOARD_NAME_MAX_LENGTH = 200;
export const ISSUE_TITLE_MAX_LENGTH = 300;
export const ISSUE_TEXT_MAX_LENGTH = 20000;
export const COMMENT_BODY_MAX_LENGTH = 10000;

/** Spec §5: the key input is forced to upper case, other characters dropped, 10 at most. */
export const normalizeProjectKey = (input: string) =>
  input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, PROJECT_KEY_MAX);

/** Only http(s) links are ever rendered as links: a `javascript:` URL would run script. */
export const isSafeLink = (link: string) => /^https?:\/\//i.test(link.trim());
/** Spec §2.12: a link not starting with http is shown with "//" in front. */
export const linkHref = (link: string) => (isSafeLink(link) ? link.trim() : `//${link.trim()}`);

/** The approval list's page sizes: here, not in admin.ts, so mf-admin ships no zod (whose eval probe the page's CSP refuses). */
export const adminPageSizes = [5, 10, 20, 50] as const;

/**
 * A project's roles: the lead (one, the project's), members and viewers (read, comment if allowed).
 * Here, not in projects.ts, so mf-projects ships no zod (whose eval probe the page's CSP refuses).
 */
export const projectRoles = ['lead', 'member', 'viewer'] as const;
export type ProjectRole = (typeof projectRoles)[number];
/** The roles given to a member: the lead is the project's, changed as the project's lead. */
export const memberRoles = ['member', 'viewer'] as const;
export type MemberRole = (typeof memberRoles)[number];

/** Spec §2.15: the profile's appearance choices (the shell's profile page lists them). */
export const fontSizes = ['SMALL', 'MEDIUM', 'LARGE'] as const;
export const themePreferences = ['LIGHT', 'DARK', 'SYSTEM'] as const;
/** The languages the app and its e-mails are written in; English is the spec's and the fallback. */
export const languages = ['en', 'de'] as const;
export type Language = (typeof languages)[number];
/** A language tag ("de-AT", "en") as one of ours, or undefined when we have none of its language. */
export function languageOf(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (languages as readonly string[]).includes(base ?? '') ? (base as Language) : undefined;
}
/** An IANA time zone this runtime knows ("Europe/Berlin"): Intl refuses any other. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0 && zone.length <= 64;
  } catch {
    return false;
  }
}

/**
 * An issue's deep link: the board with that issue's dialog open. The shell links to
 * it (dashboard, /issues/{key}) and mf-boards draws it, so its shape lives here once.
 */
export const issuePath = (boardId: string, key: string) =>
  `/boards/${encodeURIComponent(boardId)}/issues/${encodeURIComponent(key)}`;

/** Recently viewed issues a search may favour (GET /search?recent=): the browser remembers this many. */
export const SEARCH_RECENT_MAX = 20;
