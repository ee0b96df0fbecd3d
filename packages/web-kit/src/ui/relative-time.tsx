import { dateTimeFormat, relativeTimeFormat } from '../i18n/i18n';
import { kitText } from '../i18n/kit-messages';

// "5 minutes ago" with the exact time on hover, one way in the shell and every remote, in the
// page's language and the user's time zone.

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

// Halves round away from zero, the same for past and future (Math.round(-1.5) is -1, so 90 minutes
// ago would say "1 hour ago" or "2 hours ago" depending on a millisecond).
const roundAway = (n: number) => Math.sign(n) * Math.round(Math.abs(n));

/** How long ago (or from now) `iso` is, in words: "just now", "5 minutes ago", "yesterday". */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 45) return kitText('justNow');
  const relative = relativeTimeFormat();
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(roundAway(seconds / size), unit);
  }
  return relative.format(roundAway(seconds / 60), 'minute');
}

export const formatAbsoluteTime = (iso: string) =>
  dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** A `<time>` showing the relative time, the absolute one as its tooltip. */
export function RelativeTime({ at, className }: { at: string; className?: string }) {
  return (
    <time dateTime={at} title={formatAbsoluteTime(at)} className={className}>
      {formatRelativeTime(at)}
    </time>
  );
}
