/** @jest-environment node */
import { bulkAlerts } from './bulk-moderation';

describe('bulk alerts', () => {
  it.each([
    ['approve', 3, 0, [{ level: 'success', text: '3 users approved successfully.' }]],
    [
      'reject',
      3,
      1,
      [
        { level: 'success', text: '2 users rejected.' },
        { level: 'error', text: 'Bulk rejection failed for some users.' },
      ],
    ],
    ['approve', 2, 2, [{ level: 'error', text: 'Bulk approval failed for some users.' }]],
  ] as const)('%s of %i with %i failed', (kind, total, failed, alerts) => {
    expect(bulkAlerts(kind, total, failed)).toEqual(alerts);
  });
});
