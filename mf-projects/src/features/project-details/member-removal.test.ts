/** @jest-environment node */
import { removalControl, type RemovalCase } from './member-removal';

const base: RemovalCase = {
  editing: true,
  viewerIsLead: true,
  viewerIsAdmin: false,
  memberIsLead: false,
  memberIsViewer: false,
};

describe('removalControl', () => {
  it.each<[string, Partial<RemovalCase>, ReturnType<typeof removalControl>]>([
    ['the lead, for a member', {}, 'Remove'],
    ['the lead, for the lead', { memberIsLead: true, memberIsViewer: true }, null],
    ['the lead, outside edit mode', { editing: false }, null],
    ['an admin who leads, for a member: one button', { viewerIsAdmin: true }, 'Remove (Admin)'],
    ['an admin who leads, for themself', { viewerIsAdmin: true, memberIsLead: true, memberIsViewer: true }, null],
    ['an admin, outside edit mode', { viewerIsAdmin: true, editing: false }, null],
    ['an admin who does not lead, for a member', { viewerIsAdmin: true, viewerIsLead: false }, 'Remove (Admin)'],
    ['a member who is neither', { viewerIsLead: false }, null],
  ])('%s', (_, overrides, expected) => {
    expect(removalControl({ ...base, ...overrides })).toBe(expected);
  });
});
