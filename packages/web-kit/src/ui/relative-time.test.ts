/** @jest-environment node */
import { formatRelativeTime } from './relative-time';

describe('relative times', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says just now, then minutes, hours, days and longer', () => {
    expect(formatRelativeTime(ago(10), now)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(15 * 24 * 3600), now)).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(400 * 24 * 3600), now)).toBe('last year');
  });

  it('rounds a half the same way in the past and the future', () => {
    expect(formatRelativeTime(ago(90 * 60), now)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(-90 * 60), now)).toBe('in 2 hours');
  });

  it('speaks of the future too', () => {
    expect(formatRelativeTime(ago(-2 * 3600), now)).toBe('in 2 hours');
  });
});
