/** @jest-environment node */
import { removalControl, type RemovalCase } from './member-removal';

const base: RemovalCase = {
  editing: true,
  callerIsLead: true,
  callerIsAdmin: false,
  memberIsLead: false,
  memberIsSelf: false,
};

describe('removalControl', () => {
  it.each<[string, Partial<RemovalCase>, ReturnType<typeof removalControl>]>([
    ['the lead, for a member', {}, 'Remove'],
    ['the lead, for the lead', { memberIsLead: true, memberIsSelf: true }, null],
    ['the lead, outside edit mode', { editing: false }, null],
    ['an admin who leads, for a member: one button', { callerIsAdmin: true }, 'Remove (Admin)'],
    ['an admin who leads, for themself', { callerIsAdmin: true, memberIsLead: true, memberIsSelf: true }, null],
    ['an admin, outside edit mode', { callerIsAdmin: true, editing: false }, null],
    ['an admin who does not lead, for a member', { callerIsAdmin: true, callerIsLead: false }, 'Remove (Admin)'],
    ['a member who is neither', { callerIsLead: false }, null],
  ])('%s', (_, overrides, expected) => {
    expect(removalControl({ ...base, ...overrides })).toBe(expected);
  });
});
