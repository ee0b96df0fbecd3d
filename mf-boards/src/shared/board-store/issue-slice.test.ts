import { socketManager } from '@trackboard/web-kit';
import { answer, heldAnswer } from '@trackboard/web-kit/testing';
import { ada, columnTitles, comment, issue, signInAs } from '../../testing/board-fixtures';
import { loaded, store } from '../../testing/board-store-harness';

jest.mock('socket.io-client', () => ({
  io: jest.fn(() => ({ on() {}, removeAllListeners() {}, disconnect() {}, connected: false })),
}));

beforeEach(() => {
  signInAs(ada);
});

describe('selecting an issue', () => {
  it('marks details and comments as loading, then stores both', async () => {
    const details = heldAnswer();
    const comments = heldAnswer();
    await loaded({ 'GET /api/issues/2': details.route, 'GET /api/issues/2/comments': comments.route });
    const selecting = store().selectIssue('2');
    expect(store()).toMatchObject({
      selectedIssueId: '2',
      selectedIssue: null,
      loadingSelectedIssue: true,
      loadingComments: true,
    });
    details.release(answer(200, issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board' })));
    await selecting;
    expect(store()).toMatchObject({
      selectedIssue: { title: 'Draw the board' },
      loadingSelectedIssue: false,
      loadingComments: true,
    });
    comments.release(answer(200, [comment({ id: '1', issueId: '2' })]));
    await new Promise((r) => setTimeout(r, 0));
    expect(store()).toMatchObject({ loadingComments: false, comments: [{ id: '1' }] });
  });

  it('refuses details for another issue: "Fetched issue details mismatch."', async () => {
    await loaded({
      'GET /api/issues/2': answer(200, issue({ id: '3', columnId: '11', position: 0 })),
      'GET /api/issues/2/comments': answer(200, []),
    });
    await store().selectIssue('2');
    expect(store()).toMatchObject({
      selectedIssueId: null,
      selectedIssue: null,
      error: 'Fetched issue details mismatch.',
    });
  });

  it('clears the selection and stores the error when the details fail', async () => {
    await loaded({ 'GET /api/issues/2': answer(500), 'GET /api/issues/2/comments': answer(200, []) });
    await store().selectIssue('2');
    expect(store()).toMatchObject({ selectedIssueId: null, error: 'Failed to fetch issue details' });
  });

  it('empties the comments when they fail to load', async () => {
    await loaded({
      'GET /api/issues/2': answer(200, issue({ id: '2', columnId: '10', position: 1 })),
      'GET /api/issues/2/comments': answer(500, { message: 'Nope' }),
    });
    await store().selectIssue('2');
    await new Promise((r) => setTimeout(r, 0));
    expect(store()).toMatchObject({ comments: [], loadingComments: false, commentError: 'Nope' });
  });

  it('clearing resets all of it', async () => {
    await loaded({
      'GET /api/issues/2': answer(200, issue({ id: '2', columnId: '10', position: 1 })),
      'GET /api/issues/2/comments': answer(200, []),
    });
    await store().selectIssue('2');
    store().clearSelection();
    expect(store()).toMatchObject({
      selectedIssueId: null,
      selectedIssue: null,
      loadingSelectedIssue: false,
      loadingComments: false,
      comments: [],
    });
  });
});

describe('updating and deleting an issue', () => {
  const selected = {
    'GET /api/issues/1': answer(
      200,
      issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', version: 4 }),
    ),
    'GET /api/issues/1/comments': answer(200, [comment({ id: '50' })]),
  };

  it('sends the change with the version it loaded and refreshes the issue, keeping its comments', async () => {
    const server = await loaded({
      ...selected,
      'PATCH /api/issues/1': answer(200, {
        ...issue({
          id: '1',
          columnId: '10',
          position: 0,
          title: 'Write the spec',
          description: 'All of it',
          version: 5,
        }),
        boardVersion: 6,
        rebalanced: [],
      }),
    });
    await store().selectIssue('1');
    await new Promise((r) => setTimeout(r, 0));
    await expect(store().updateIssue('1', { description: 'All of it' })).resolves.toBe('saved');
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({
      description: 'All of it',
      version: 4,
      base: { description: '' },
    });
    expect(store().selectedIssue).toMatchObject({ description: 'All of it', version: 5 });
    expect(store().selectedIssue).not.toHaveProperty('boardVersion');
    expect(store().version).toBe(6);
    expect(store().issues.find((i) => i.id === '1')!.description).toBe('All of it');
    expect(store().comments.map((c) => c.id)).toEqual(['50']);
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(1);
  });

  it('a column change sends the mapped status and refetches the board', async () => {
    const server = await loaded({
      ...selected,
      'PATCH /api/issues/1': answer(200, issue({ id: '1', columnId: '12', position: 0, status: 'DONE', version: 5 })),
    });
    await store().selectIssue('1');
    await store().updateIssue('1', { columnId: '12' });
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({
      columnId: '12',
      status: 'DONE',
      version: 4,
      base: { columnId: '10' },
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(2);
  });

  it('on 409 shows the message and the fresh values', async () => {
    const fresh = issue({ id: '1', columnId: '10', position: 0, title: 'Written by Grace', version: 6 });
    await loaded({
      ...selected,
      'PATCH /api/issues/1': answer(409, {
        message: 'This issue was changed by someone else. The latest version is shown.',
        issue: fresh,
      }),
    });
    await store().selectIssue('1');
    await expect(store().updateIssue('1', { title: 'Mine' })).resolves.toBe('conflict');
    expect(store()).toMatchObject({
      issueConflict: 'This issue was changed by someone else. The latest version is shown.',
      issueUpdateError: null,
      selectedIssue: { title: 'Written by Grace', version: 6 },
    });
  });

  it('stores other update failures', async () => {
    await loaded({ ...selected, 'PATCH /api/issues/1': answer(500) });
    await store().selectIssue('1');
    await expect(store().updateIssue('1', { title: 'Mine' })).resolves.toBe('failed');
    expect(store().issueUpdateError).toBe('Failed to update issue');
  });

  it('needs an id and a change', async () => {
    await store().updateIssue('', { title: 'x' });
    expect(store().issueUpdateError).toBe('Cannot update issue: Issue ID is missing.');
    await store().updateIssue('1', {});
    expect(store().issueUpdateError).toBe('No changes provided for update.');
  });

  it('delete closes the dialog and removes the issue; a failure stores the error', async () => {
    const server = await loaded({ ...selected, 'DELETE /api/issues/1': answer(204) });
    await store().selectIssue('1');
    await store().deleteIssue('1');
    expect(store().selectedIssueId).toBeNull();
    expect(columnTitles()[0]).toEqual(['Draw the board']);
    expect(server.callsTo('DELETE /api/issues/1')[0]!.headers['x-origin-id']).toBe(socketManager.originId);
    server.on(
      'DELETE /api/issues/2',
      answer(403, { message: 'Only an administrator or the project lead can delete an issue.' }),
    );
    await store().deleteIssue('2');
    expect(store().error).toBe('Only an administrator or the project lead can delete an issue.');
  });
});
