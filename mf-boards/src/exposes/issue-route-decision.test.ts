/** @jest-environment node */
import { issueRouteDecision, type IssueRouteState } from './issue-route-decision';

const state = (fields: Partial<IssueRouteState>): IssueRouteState => ({
  issueKey: 'WEB-2',
  board: 'shown',
  idForKey: '2',
  selectedIssueId: null,
  openedHere: false,
  openedByAddress: false,
  ...fields,
});

describe('which dialog the address opens', () => {
  it.each<[string, Partial<IssueRouteState>, ReturnType<typeof issueRouteDecision>]>([
    ['a key of the shown board opens its issue', {}, { kind: 'select', issueId: '2' }],
    [
      'another key opens the other issue',
      { selectedIssueId: '1', openedByAddress: true },
      { kind: 'select', issueId: '2' },
    ],
    ['the issue already open stays as it is', { selectedIssueId: '2', openedHere: true }, { kind: 'none' }],
    ['nothing happens while the board loads', { board: 'loading', idForKey: null }, { kind: 'none' }],
    ['a board the user cannot see shows its own state', { board: 'missing', idForKey: null }, { kind: 'none' }],
    ['a key the board lacks is asked of the server', { idForKey: null }, { kind: 'resolve' }],
    [
      'the open issue gone from the board returns to it',
      { idForKey: null, openedHere: true },
      { kind: 'back-to-board' },
    ],
    [
      'a dialog that closed itself returns to the board',
      { openedHere: true, openedByAddress: true },
      { kind: 'back-to-board' },
    ],
    [
      'the board address closes a dialog an address opened',
      { issueKey: undefined, idForKey: null, selectedIssueId: '2', openedByAddress: true },
      { kind: 'clear' },
    ],
    [
      'the board address leaves a dialog opened another way',
      { issueKey: undefined, idForKey: null, selectedIssueId: '2' },
      { kind: 'none' },
    ],
    ['the board address with no dialog does nothing', { issueKey: undefined, idForKey: null }, { kind: 'none' }],
  ])('%s', (_case, fields, action) => {
    expect(issueRouteDecision(state(fields))).toEqual(action);
  });
});
