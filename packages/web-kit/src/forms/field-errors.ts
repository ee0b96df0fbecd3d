import { ApiError, serverMessage } from '../api/api-client';
import { kitText } from '../i18n/kit-messages';
import { inReadersLanguage } from '../i18n/server-messages';

/** An error shown at one field of a form, in words. */
export interface FieldError {
  field: string;
  text: string;
}

/** What a form knows about one of its fields: the name its label shows and the server's limits. */
export interface FieldRule {
  label: string;
  min?: number;
  max?: number;
}

/**
 * A field's rule whose label is read each time it is used, so a message made after the reader
 * switches language names the field in the new one: `fieldRule(() => uiMessages.emailField, { max })`.
 */
export const fieldRule = (label: () => string, limits: Omit<FieldRule, 'label'> = {}): FieldRule => ({
  get label() {
    return label();
  },
  ...limits,
});

/** A form's fields as the server names them in its 400 answers (`{ message: "title: is too long" }`). */
export type FieldRules = Record<string, FieldRule>;

/** The sentences, shared so a limit reads the same whether the browser or the server caught it. */
export const fieldTexts = {
  required: (label: string) => kitText('fieldRequired', { label }),
  tooLong: (label: string, max: number) => kitText('fieldTooLong', { label, max }),
  tooShort: (label: string, min: number) => kitText('fieldTooShort', { label, min }),
  /** The hint under a field before anything is typed ("At least 10 characters"). */
  atLeast: (min: number) => kitText('fieldAtLeast', { min }),
  /** A counter near the limit ("280 / 300"). */
  count: (length: number, max: number) => `${length} / ${max}`,
} as const;

/**
 * The server's reason ("is too long") as a sentence about the field. Limits come from the
 * form's rule (the contracts' constants) because the server's reason does not carry them.
 */
function sentence(rule: FieldRule, reason: string): string {
  if (reason === 'is required') return fieldTexts.required(rule.label);
  if (reason === 'is too long' && rule.max !== undefined) return fieldTexts.tooLong(rule.label, rule.max);
  const atLeast = /^must be at least (\d+) characters$/.exec(reason);
  if (atLeast) return fieldTexts.tooShort(rule.label, Number(atLeast[1]));
  const atMost = /^must be at most (\d+) characters$/.exec(reason);
  if (atMost) return fieldTexts.tooLong(rule.label, Number(atMost[1]));
  // A reason of the server's catalogue ("must not contain control characters") in the reader's language.
  const text = `${rule.label} ${inReadersLanguage(reason)}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * The server's "field: reason" (packages/server-kit's describeZodError and the catalogue's
 * "password: …" messages) as `{ field, text }` — or undefined when the message names no field
 * of this form, so the form keeps its usual message for it.
 */
export function fieldErrorFromMessage(message: string, rules: FieldRules): FieldError | undefined {
  const parts = /^([A-Za-z][\w.]*): (.+)$/s.exec(message.trim());
  if (!parts) return undefined;
  const [, field, reason] = parts as unknown as [string, string, string];
  const rule = Object.hasOwn(rules, field) ? rules[field] : undefined;
  if (!rule) return undefined;
  return { field, text: sentence(rule, reason.trim()) };
}

/** A failed call's field error: only a 400 (a validation answer) names a field. */
export function fieldErrorOf(error: unknown, rules: FieldRules): FieldError | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const message = serverMessage(error);
  return message === undefined ? undefined : fieldErrorFromMessage(message, rules);
}

/**
 * The browser's own check of a value against the server's limits, worded as the server's answer
 * would be. `trim` as the schema does (lineText().trim()) so both count the same characters.
 */
export function lengthError(value: string, rule: FieldRule, { trim = true } = {}): string | undefined {
  const length = (trim ? value.trim() : value).length;
  if (rule.max !== undefined && length > rule.max) return fieldTexts.tooLong(rule.label, rule.max);
  if (rule.min !== undefined && length > 0 && length < rule.min) return fieldTexts.tooShort(rule.label, rule.min);
  return undefined;
}
