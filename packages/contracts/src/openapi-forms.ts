import { DueDate } from './boards';
import { Id } from './ids';
import { ProjectKey } from './projects';
import { projectKeyPattern, idPattern } from './rules';
import { multiLinePattern, singleLinePattern, wellFormedPattern } from './text';

// How request schemas are described in the OpenAPI document where zod's own JSON Schema would
// mislead the common tools (docs/decisions/0070-api-description-for-common-tools.md). The server
// still validates with the zod schemas; only their description differs. Servers only
// (`@trackboard/contracts/openapi`): the browser never needs it.

export { requestExamples } from './request-examples';

/** A JSON Schema that stands in for a schema's generated one: what a client should send. */
export type OpenApiForm = {
  type: 'string';
  pattern: string;
  format?: string;
  description: string;
  examples: string[];
};

/**
 * Schemas described by hand; the conversion (server-kit's openapi-schema.ts) puts the form in
 * place of what zod makes of them: an id's `string | number` union, which Swagger UI reads as
 * missing; a project key or a date whose rule sits behind a transform or a refinement.
 */
export const openApiForms: ReadonlyMap<unknown, OpenApiForm> = new Map<unknown, OpenApiForm>([
  [
    Id,
    {
      type: 'string',
      pattern: idPattern.source,
      description: 'A row id: its digits, as text (a JSON number is taken too)',
      examples: ['1'],
    },
  ],
  [
    ProjectKey,
    {
      type: 'string',
      pattern: projectKeyPattern.source.replace('A-Z', 'A-Za-z'),
      description: 'A project key: 1 to 10 characters, A-Z and 0-9 (lower case is taken as upper case)',
      examples: ['WEB'],
    },
  ],
  [
    DueDate,
    {
      type: 'string',
      format: 'date',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'A calendar date that exists, YYYY-MM-DD',
      examples: ['2030-06-30'],
    },
  ],
]);

/**
 * The text rules' patterns as the common tools read them: Swagger UI, RandExp and many JSON
 * Schema validators compile `pattern` without the `u` flag, where `\P{Cc}` means "P{Cc}". The same
 * sets by explicit ranges, right with or without the flag (openapi-forms.test.ts holds each to
 * the rule it stands for). Several lines also take a CR: it becomes a line feed before the check.
 */
export const portablePatterns: ReadonlyMap<string, string> = new Map([
  [singleLinePattern.source, '^[^\\u0000-\\u001F\\u007F-\\u009F]*$'],
  [multiLinePattern.source, '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$'],
  [wellFormedPattern.source, '^(?:[^\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$'],
]);
