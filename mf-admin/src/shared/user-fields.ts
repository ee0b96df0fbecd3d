import type { AdminUserDto } from '@trackboard/contracts';
import { dateTimeFormat } from '@trackboard/web-kit';
import { uiMessages } from '../ui-messages';

// How a user's fields read on the admin screen (spec §2.16, §8.5 "Dates").

const isMissing = (value: unknown): value is null | undefined | '' =>
  value === null || value === undefined || value === '';

/** A date: missing → "N/A", not a date → "Invalid Date", else the date (and time) in the page's language and the user's time zone. */
export function formatDate(value: unknown, { withTime = true } = {}): string {
  if (isMissing(value)) return uiMessages.notAvailable;
  const date =
    value instanceof Date
      ? value
      : typeof value === 'string' || typeof value === 'number'
        ? new Date(value)
        : new Date(NaN);
  if (Number.isNaN(date.getTime())) return uiMessages.invalidDate;
  return dateTimeFormat(withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}

/** Spec §2.16: fields whose names end in "At" hold dates. */
export const isDateField = (name: string) => /At$/.test(name);

/** The name a user goes by on this screen: the name, or the e-mail when there is none. */
export const displayName = (user: Pick<AdminUserDto, 'name' | 'email'>) => user.name?.trim() || user.email;

/** "createdAt" → "Created At", "avatarUrl" → "Avatar URL", "id" → "ID". */
export function fieldLabel(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => (/^(id|url)$/i.test(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

export type FieldRow = { name: string; label: string; value: string; children?: FieldRow[] };

/** Every field of a record, in the server's order; nested records (profileSettings) as nested rows. */
export function describeFields(record: object): FieldRow[] {
  return Object.entries(record).map(([name, value]): FieldRow => {
    // A field the catalogue does not know yet still gets a name, made from its own.
    const label = uiMessages.fieldLabel(name) ?? fieldLabel(name);
    if (isDateField(name)) return { name, label, value: formatDate(value) };
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return { name, label, value: '', children: describeFields(value) };
    return { name, label, value: describeValue(value) };
  });
}

function describeValue(value: unknown): string {
  if (isMissing(value)) return uiMessages.notAvailable;
  if (typeof value === 'boolean') return value ? uiMessages.yes : uiMessages.no;
  if (Array.isArray(value)) return value.length === 0 ? uiMessages.notAvailable : value.map(describeValue).join(', ');
  return String(value);
}
