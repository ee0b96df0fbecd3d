import type { IssueActivityDto } from '@trackboard/contracts';
import { describeActivity } from './activity-text';

const entry = (fields: Partial<IssueActivityDto>): IssueActivityDto => ({
  id: '1',
  at: '2025-01-02T10:00:00.000Z',
  actor: { id: '7', name: 'Ada Lovelace' },
  kind: 'updated',
  ...fields,
});

describe('a history entry in words', () => {
  it('names the task a tick changed, and says only that an edit changed the description', () => {
    expect(describeActivity(entry({ kind: 'ticked', field: 'description', from: null, to: 'Build it' }))).toBe(
      'ticked “Build it”',
    );
    expect(describeActivity(entry({ kind: 'unticked', field: 'description', from: null, to: 'Build it' }))).toBe(
      'unticked “Build it”',
    );
    expect(describeActivity(entry({ field: 'description' }))).toBe('changed the description');
  });

  it('tells an estimate as the scale showed it then', () => {
    expect(describeActivity(entry({ field: 'estimate', from: null, to: 'M' }))).toBe('set the estimate to M');
    expect(describeActivity(entry({ field: 'estimate', from: '3', to: '5' }))).toBe('changed the estimate from 3 to 5');
    expect(describeActivity(entry({ field: 'estimate', from: 'XL', to: null }))).toBe('cleared the estimate (was XL)');
  });
});
