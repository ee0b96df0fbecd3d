import { openApiForms, portablePatterns, requestExamples } from '@trackboard/contracts/openapi';

// zod's JSON Schema as the common tools read it (docs/decisions/0070-api-description-for-common-tools.md):
// the text rules' Unicode property escapes as explicit ranges, and the schemas contracts describe
// by hand (openApiForms: ids, project keys, dates) in their own form, and a request body its
// example (requestExamples). Validation is untouched.

type JsonSchema = Record<string, unknown>;
type OverrideContext = { zodSchema: unknown; jsonSchema: JsonSchema };

const propertyEscape = /\\[pP]\{/;

function portable(pattern: unknown): unknown {
  if (typeof pattern !== 'string' || !propertyEscape.test(pattern)) return pattern;
  const form = portablePatterns.get(pattern);
  // A new rule with a property escape must be given its portable form, or the tools misread it.
  if (!form) throw new Error(`No portable form for the pattern ${pattern} (contracts' openapi-forms.ts)`);
  return form;
}

/** zod's `override` hook for z.toJSONSchema: rewrites one generated node in place. */
export function describeForTools(ctx: OverrideContext): void {
  const form = openApiForms.get(ctx.zodSchema);
  const node = ctx.jsonSchema;
  const example = requestExamples.get(ctx.zodSchema);
  if (example) node.examples = [example];
  if (form) {
    for (const key of Object.keys(node)) delete node[key];
    Object.assign(node, form);
    return;
  }
  // A record keyed by an enum (reactions by type, counts by status) has every key: named as
  // properties, a tool shows the object rather than a "required" list naming nothing it defines.
  const keys = (node.propertyNames as JsonSchema | undefined)?.enum;
  if (Array.isArray(keys) && !node.properties && typeof node.additionalProperties === 'object')
    node.properties = Object.fromEntries(keys.map((key) => [key, node.additionalProperties]));
  if ('pattern' in node) node.pattern = portable(node.pattern);
  if (Array.isArray(node.allOf))
    for (const part of node.allOf as JsonSchema[]) if ('pattern' in part) part.pattern = portable(part.pattern);
}
