import type { z } from 'zod';
import * as contracts from './index';
import { linkSignaturePattern } from './attachments';
import { idPattern, projectKeyPattern } from './rules';
import { lineText, multiLinePattern, multiLineText, singleLinePattern } from './text';

const controls = ['\u0000', '\u0007', '\b', '\v', '\f', '\u001b', '\u007f', '\u0085', '\u009b'];

describe('the text rule', () => {
  it.each(controls.map((c) => [`U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`, c]))(
    'refuses %s in one line and in several',
    (_name, control) => {
      for (const schema of [lineText(), multiLineText()]) {
        const result = schema.safeParse(`before${control}after`);
        expect(result.error?.issues.map((i) => i.message)).toEqual(['must not contain control characters']);
      }
    },
  );

  it('makes CR LF and a lone CR in several lines LF, and refuses a CR in one line', () => {
    expect(multiLineText().parse('first\r\nsecond\rthird\n\r\nfifth')).toBe('first\nsecond\nthird\n\nfifth');
    expect(multiLineText().trim().max(12).parse('  a\r\nb\r\n  ')).toBe('a\nb');
    expect(
      lineText()
        .safeParse('before\rafter')
        .error?.issues.map((i) => i.message),
    ).toEqual(['must not contain control characters']);
  });

  it('lets several lines keep their line feeds and tabs, and one line neither', () => {
    expect(multiLineText().parse('first\n\tsecond')).toBe('first\n\tsecond');
    expect(lineText().safeParse('first\nsecond').success).toBe(false);
    expect(lineText().safeParse('tab\there').success).toBe(false);
  });

  it('refuses half an emoji (a surrogate without its pair), at either end or alone', () => {
    for (const half of ['\ud83d', '\ude00', '\ude00\ud83d'])
      for (const schema of [lineText(), multiLineText()]) {
        const result = schema.safeParse(`before${half}after`);
        expect(result.error?.issues.map((i) => i.message)).toEqual(['must not contain unpaired surrogates']);
      }
  });

  it('takes every printable character, accents, emoji and right-to-left text included', () => {
    const text = 'Zoë ✓ 🚀 𝔘 👨‍👩‍👧‍👦 שלום ≠ «quoted» \u00a0 end';
    expect(lineText().parse(text)).toBe(text);
    expect(multiLineText().parse(text)).toBe(text);
  });
});

// Every string a request or query schema accepts is held to the rule, or to a pattern that
// takes printable ASCII only (ids, project keys, link signatures). A schema that slips a plain z.string() in
// fails here, so the rule stays in one place and applies to every field.
const closedPatterns = [singleLinePattern, multiLinePattern, idPattern, projectKeyPattern, linkSignaturePattern];

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

function unguarded(schema: unknown, path: string): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      // zod's ISO date and date-time formats are patterns of digits and separators, a uuid's of
      // hex digits and dashes: closed too.
      if (def.format === 'date' || def.format === 'datetime' || def.format === 'uuid') return [];
      const checks = (def.checks ?? []) as { _zod: { def: { pattern?: RegExp } } }[];
      return checks.some((c) => closedPatterns.includes(c._zod.def.pattern!)) ? [] : [path];
    }
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => unguarded(v, `${path}.${k}`));
    case 'array':
      return unguarded(def.element, `${path}[]`);
    case 'record':
      return [...unguarded(def.keyType, `${path}{key}`), ...unguarded(def.valueType, `${path}{}`)];
    case 'union':
      return (def.options as unknown[]).flatMap((o) => unguarded(o, path));
    case 'pipe': {
      // Checked before the transform, or after it: either way nothing unchecked gets through.
      const [before, after] = [unguarded(def.in, path), unguarded(def.out, path)];
      return before.length === 0 || after.length === 0 ? [] : [...before, ...after];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return unguarded(def.innerType, path);
    case 'number':
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'unknown':
    case 'transform':
      return [];
    default:
      return [`${path} (${def.type}: teach this test what it holds)`];
  }
}

/** Answers whose names say less (OpenAPI descriptions): described, never used to validate a request. */
const answerSchemas = new Set([
  'UserRef',
  'BoardUser',
  'Reactions',
  'MoveResult',
  'IssueWriteResult',
  'BulkEditResult',
  'SearchResult',
  'SearchIssueHit',
  'SearchProjectHit',
  'NotificationList',
  'UnreadCount',
  'WatchState',
  'UserSearchHit',
  'DeletedUser',
  'LoggedAccount',
  'AccessTokenList',
  'WebhookList',
  'WebhookDeliveryList',
  'ImportError',
  'ImportProblem',
  'ProjectCycles',
  'CycleReport',
  'CycleIssue',
  'BurnUpDay',
  'ProjectProgress',
  'ProgressWeek',
  'SignInOptions',
  'SsoLinkRequired',
  'InvitationPreview',
  'InvitationAccepted',
]);

/** The schemas requests and queries are validated with (answers are described, not validated). */
const requestSchemas = Object.entries(contracts).filter(
  ([name, value]) =>
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value &&
    !/(Dto|Response|Settings)$/.test(name) &&
    !answerSchemas.has(name),
) as [string, z.ZodType][];

describe('every request and query schema', () => {
  it('is found', () => {
    expect(requestSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['RegisterRequest', 'LoginRequest', 'UserSearchQuery', 'UpdateIssueRequest', 'IdParam']),
    );
  });

  it('holds every text field to the rule', () => {
    expect(requestSchemas.flatMap(([name, schema]) => unguarded(schema, name))).toEqual([]);
  });
});
