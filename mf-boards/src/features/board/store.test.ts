import { answer, fakeApi, heldAnswer } from '@trackboard/web-kit/src/testing/fake-api';
import { socketManager } from '@trackboard/web-kit';
import type { BoardUpdatedEvent, IssueDto } from '@trackboard/contracts';
import { ada, board, columnTitles, comment, issue, resetBoardStore, signInAs } from '../../testing/board-fixtures';
import { useBoardStore } from './store';

jest.mock('socket.io-client', () => ({ io: jest.fn(() => ({ on() {}, removeAllListeners() {}, disconnect() {}, connected: false })) }));

const store = () => useBoardStore.getState();

async function loaded(routes: Parameters<typeof fakeApi>[0] = {}, data = board()) {
  const server = fakeApi({ 'GET /api/boards/1': answer(200, data), ...routes });
  await store().fetchBoard('1');
  return server;
}

const event = (fields: Partial<BoardUpdatedEvent<IssueDto>>): BoardUpdatedEvent => ({ boardId: '1', version: 6, issues: [], complete: false, ...fields });

beforeEach(() => {
  resetBoardStore();
  signInAs(ada);
});

describe('loading a board (spec §2.11, §4.8)', () => {
  it('builds the columns from the issue list, in order', async () => {
    await loaded();
    expect(store()).toMatchObject({ loading: false, error: null, version: 5, board: { id: '1', name: 'Web board', leadId: '7' } });
    expect(columnTitles()).toEqual([['Write the spec', 'Draw the board'], ['Build the API'], []]);
  });

  it('a failed fetch clears the board and stores the server message', async () => {
    await loaded();
    fakeApi({ 'GET /api/boards/1': answer(500, { message: 'Database unavailable' }) });
    await store().fetchBoard('1');
    expect(store()).toMatchObject({ board: null, columns: [], issues: [], users: [], error: 'Database unavailable' });
  });

  it('falls back to "Failed to fetch board" when the server says nothing', async () => {
    fakeApi({ 'GET /api/boards/1': answer(502) });
    await store().fetchBoard('1');
    expect(store().error).toBe('Failed to fetch board');
  });

  it('a board that is not found (or not shared) leaves no board and no error', async () => {
    fakeApi({ 'GET /api/boards/9': answer(404, { message: 'Board not found' }) });
    await store().fetchBoard('9');
    expect(store()).toMatchObject({ board: null, error: null, loading: false });
  });
});

describe('moving an issue (spec §4.7)', () => {
  it('moves at once: positions renumbered in both columns, status from the new column', async () => {
    const held = heldAnswer();
    const server = await loaded({ 'PUT /api/issues/1/position': held.route });
    const moving = store().moveIssue({ issueId: '1', sourceColumnId: '10', destinationColumnId: '11', newPosition: 1 });
    expect(columnTitles()).toEqual([['Draw the board'], ['Build the API', 'Write the spec'], []]);
    const moved = store().issues.find((i) => i.id === '1')!;
    expect(moved).toMatchObject({ columnId: '11', position: 1, status: 'IN_PROGRESS' });
    expect(store().issues.find((i) => i.id === '2')!.position).toBe(0);
    const call = server.callsTo('PUT /api/issues/1/position')[0]!;
    expect(call.body).toEqual({ sourceColumnId: '10', destinationColumnId: '11', position: 1, boardId: '1' });
    expect(call.headers['x-origin-id']).toBe(socketManager.originId);
    held.release(answer(200, { issues: board().issues, version: 6 }));
    await moving;
    // The server's list is authoritative.
    expect(columnTitles()).toEqual([['Write the spec', 'Draw the board'], ['Build the API'], []]);
    expect(store().version).toBe(6);
  });

  it('reorders within a column without touching the status', async () => {
    await loaded({ 'PUT /api/issues/2/position': heldAnswer().route });
    void store().moveIssue({ issueId: '2', sourceColumnId: '10', destinationColumnId: '10', newPosition: 0 });
    expect(columnTitles()[0]).toEqual(['Draw the board', 'Write the spec']);
    expect(store().issues.find((i) => i.id === '2')).toMatchObject({ position: 0, status: 'TODO' });
  });

  it('maps the status case-insensitively from the column name', async () => {
    const data = board();
    data.columns[2]!.name = 'done';
    await loaded({ 'PUT /api/issues/3/position': heldAnswer().route }, data);
    void store().moveIssue({ issueId: '3', sourceColumnId: '11', destinationColumnId: '12', newPosition: 0 });
    expect(store().issues.find((i) => i.id === '3')!.status).toBe('DONE');
  });

  it('ignores a drop on the same place', async () => {
    const server = await loaded();
    await store().moveIssue({ issueId: '1', sourceColumnId: '10', destinationColumnId: '10', newPosition: 0 });
    expect(server.callsTo('PUT /api/issues/1/position')).toHaveLength(0);
  });

  it('reverts by refetching the board when the move fails, and keeps the error', async () => {
    const server = await loaded({ 'PUT /api/issues/1/position': answer(409, { message: 'The issue is not in the source column.' }) });
    await store().moveIssue({ issueId: '1', sourceColumnId: '10', destinationColumnId: '12', newPosition: 0 });
    await new Promise((r) => setTimeout(r, 0));
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(2);
    expect(columnTitles()).toEqual([['Write the spec', 'Draw the board'], ['Build the API'], []]);
    expect(store().error).toBe('The issue is not in the source column.');
  });

  it('refetches when the answer lacks the issue list', async () => {
    const server = await loaded({ 'PUT /api/issues/1/position': answer(200, {}) });
    await store().moveIssue({ issueId: '1', sourceColumnId: '10', destinationColumnId: '12', newPosition: 0 });
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(2);
  });

  it('needs a string issue id and a board', async () => {
    await store().moveIssue({ issueId: '1', sourceColumnId: '10', destinationColumnId: '12', newPosition: 0 });
    expect(store().error).toBe('Board ID is missing for moveIssue operation.');
    await loaded();
    await store().moveIssue({ issueId: '', sourceColumnId: '10', destinationColumnId: '12', newPosition: 0 });
    expect(store().error).toBe('Invalid issueId: ');
  });
});

describe('realtime updates (spec §4.5, blueprint §4)', () => {
  it('upserts changed issues, drops removed ones and re-sorts by rank', async () => {
    await loaded();
    store().receiveBoardUpdate(
      event({
        version: 6,
        issues: [issue({ id: '3', columnId: '10', position: 0, rank: 'a0V', title: 'Build the API', status: 'TODO' }), issue({ id: '9', columnId: '12', position: 0, title: 'New one' })],
        removedIssueIds: ['2'],
      }),
    );
    expect(columnTitles()).toEqual([['Write the spec', 'Build the API'], [], ['New one']]);
    expect(store().issues.find((i) => i.id === '3')!.position).toBe(1);
    expect(store().version).toBe(6);
  });

  it('replaces everything on a complete event', async () => {
    await loaded();
    store().receiveBoardUpdate(event({ version: 9, complete: true, issues: [issue({ id: '5', columnId: '12', position: 0, title: 'Only one' })] }));
    expect(columnTitles()).toEqual([[], [], ['Only one']]);
    expect(store().version).toBe(9);
  });

  it('ignores its own echo but takes its version', async () => {
    await loaded();
    store().receiveBoardUpdate(event({ version: 6, originId: socketManager.originId, issues: [issue({ id: '9', columnId: '12', position: 0 })] }));
    expect(store().issues).toHaveLength(3);
    expect(store().version).toBe(6);
  });

  it('ignores events of other boards and events already seen', async () => {
    await loaded();
    store().receiveBoardUpdate(event({ boardId: '2', issues: [issue({ id: '9', columnId: '12', position: 0 })] }));
    store().receiveBoardUpdate(event({ version: 5, issues: [issue({ id: '9', columnId: '12', position: 0 })] }));
    expect(store().issues).toHaveLength(3);
  });

  it.each([
    ['a version gap', event({ version: 7, issues: [issue({ id: '9', columnId: '12', position: 0 })] })],
    ['a column change', event({ version: 6, columnsChanged: true })],
  ])('refetches the board on %s', async (_name, update) => {
    const server = await loaded();
    store().receiveBoardUpdate(update);
    await new Promise((r) => setTimeout(r, 0));
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(2);
    expect(store().issues).toHaveLength(3);
  });

  it('keeps the selected issue in step with its comments, and clears it when the issue is gone', async () => {
    await loaded({ 'GET /api/issues/1': answer(200, issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec' })), 'GET /api/issues/1/comments': answer(200, [comment({ id: '50' })]) });
    await store().selectIssue('1');
    await new Promise((r) => setTimeout(r, 0));
    store().receiveBoardUpdate(event({ version: 6, issues: [issue({ id: '1', columnId: '10', position: 0, title: 'Renamed' })] }));
    expect(store().selectedIssue!.title).toBe('Renamed');
    expect(store().comments.map((c) => c.id)).toEqual(['50']);
    store().receiveBoardUpdate(event({ version: 7, removedIssueIds: ['1'] }));
    expect(store()).toMatchObject({ selectedIssueId: null, selectedIssue: null });
  });
});

describe('selecting an issue (spec §4.8)', () => {
  it('marks details and comments as loading, then stores both', async () => {
    const details = heldAnswer();
    const comments = heldAnswer();
    await loaded({ 'GET /api/issues/2': details.route, 'GET /api/issues/2/comments': comments.route });
    const selecting = store().selectIssue('2');
    expect(store()).toMatchObject({ selectedIssueId: '2', selectedIssue: null, loadingSelectedIssue: true, loadingComments: true });
    details.release(answer(200, issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board' })));
    await selecting;
    expect(store()).toMatchObject({ selectedIssue: { title: 'Draw the board' }, loadingSelectedIssue: false, loadingComments: true });
    comments.release(answer(200, [comment({ id: '1', issueId: '2' })]));
    await new Promise((r) => setTimeout(r, 0));
    expect(store()).toMatchObject({ loadingComments: false, comments: [{ id: '1' }] });
  });

  it('refuses details for another issue: "Fetched issue details mismatch."', async () => {
    await loaded({ 'GET /api/issues/2': answer(200, issue({ id: '3', columnId: '11', position: 0 })), 'GET /api/issues/2/comments': answer(200, []) });
    await store().selectIssue('2');
    expect(store()).toMatchObject({ selectedIssueId: null, selectedIssue: null, error: 'Fetched issue details mismatch.' });
  });

  it('clears the selection and stores the error when the details fail', async () => {
    await loaded({ 'GET /api/issues/2': answer(500), 'GET /api/issues/2/comments': answer(200, []) });
    await store().selectIssue('2');
    expect(store()).toMatchObject({ selectedIssueId: null, error: 'Failed to fetch issue details' });
  });

  it('empties the comments when they fail to load', async () => {
    await loaded({ 'GET /api/issues/2': answer(200, issue({ id: '2', columnId: '10', position: 1 })), 'GET /api/issues/2/comments': answer(500, { message: 'Nope' }) });
    await store().selectIssue('2');
    await new Promise((r) => setTimeout(r, 0));
    expect(store()).toMatchObject({ comments: [], loadingComments: false, commentError: 'Nope' });
  });

  it('clearing resets all of it', async () => {
    await loaded({ 'GET /api/issues/2': answer(200, issue({ id: '2', columnId: '10', position: 1 })), 'GET /api/issues/2/comments': answer(200, []) });
    await store().selectIssue('2');
    store().clearSelection();
    expect(store()).toMatchObject({ selectedIssueId: null, selectedIssue: null, loadingSelectedIssue: false, loadingComments: false, comments: [] });
  });
});

describe('adding an issue (spec §4.8, §5, §7.4)', () => {
  it('sends the spec payload and appends the answer', async () => {
    const created = issue({ id: '20', columnId: '11', position: 1, title: 'Ship it', status: 'IN_PROGRESS', rank: 'a5' });
    const server = await loaded({ 'POST /api/issues': answer(201, created) });
    await expect(store().addIssue({ columnId: '11', title: '  Ship it ', description: ' soon ' })).resolves.toBe(true);
    const call = server.callsTo('POST /api/issues')[0]!;
    expect(call.body).toEqual({
      projectId: '3',
      columnId: '11',
      title: 'Ship it',
      description: 'soon',
      reporterId: '7',
      status: 'IN_PROGRESS',
      position: 1,
      type: 'TASK',
      priority: 'MEDIUM',
      owner: { connect: { id: '7' } },
    });
    expect(call.headers['x-origin-id']).toBe(socketManager.originId);
    expect(columnTitles()[1]).toEqual(['Build the API', 'Ship it']);
  });

  it('silently cancels an empty title', async () => {
    const server = await loaded();
    await expect(store().addIssue({ columnId: '11', title: '   ' })).resolves.toBe(false);
    expect(server.callsTo('POST /api/issues')).toHaveLength(0);
    expect(store().error).toBeNull();
  });

  it.each([
    ['no signed-in user', () => signInAs(null), '11', 'Cannot add issue: Current user not found or missing ID.'],
    ['an unknown column', () => {}, '77', 'Cannot add issue: Target column with ID 77 not found.'],
  ])('refuses with %s', async (_name, arrange, columnId, message) => {
    const server = await loaded();
    arrange();
    await store().addIssue({ columnId, title: 'Ship it' });
    expect(store().error).toBe(message);
    expect(server.callsTo('POST /api/issues')).toHaveLength(0);
  });

  it('needs a board with a project id', async () => {
    await store().addIssue({ columnId: '11', title: 'Ship it' });
    expect(store().error).toBe('Cannot add issue: Project ID not found in state.');
  });

  it('reports an incomplete answer', async () => {
    await loaded({ 'POST /api/issues': answer(201, { title: 'Ship it' }) });
    await store().addIssue({ columnId: '11', title: 'Ship it' });
    expect(store().error).toBe('Issue added but response from server was incomplete.');
  });

  it('reports a failure with the server message', async () => {
    await loaded({ 'POST /api/issues': answer(400, { message: 'title is too long' }) });
    await store().addIssue({ columnId: '11', title: 'Ship it' });
    expect(store().error).toBe('title is too long');
  });
});

describe('updating and deleting an issue (spec §4.8, §5)', () => {
  const selected = { 'GET /api/issues/1': answer(200, issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', version: 4 })), 'GET /api/issues/1/comments': answer(200, [comment({ id: '50' })]) };

  it('sends the change with the version it loaded and refreshes the issue, keeping its comments', async () => {
    const server = await loaded({
      ...selected,
      'PATCH /api/issues/1': answer(200, issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', description: 'All of it', version: 5 })),
    });
    await store().selectIssue('1');
    await new Promise((r) => setTimeout(r, 0));
    await expect(store().updateIssue('1', { description: 'All of it' })).resolves.toBe('saved');
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({ description: 'All of it', version: 4 });
    expect(store().selectedIssue).toMatchObject({ description: 'All of it', version: 5 });
    expect(store().issues.find((i) => i.id === '1')!.description).toBe('All of it');
    expect(store().comments.map((c) => c.id)).toEqual(['50']);
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(1);
  });

  it('a column change sends the mapped status and refetches the board', async () => {
    const server = await loaded({ ...selected, 'PATCH /api/issues/1': answer(200, issue({ id: '1', columnId: '12', position: 0, status: 'DONE', version: 5 })) });
    await store().selectIssue('1');
    await store().updateIssue('1', { columnId: '12' });
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({ columnId: '12', status: 'DONE', version: 4 });
    await new Promise((r) => setTimeout(r, 0));
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(2);
  });

  it('on 409 shows the message and the fresh values', async () => {
    const fresh = issue({ id: '1', columnId: '10', position: 0, title: 'Written by Grace', version: 6 });
    await loaded({ ...selected, 'PATCH /api/issues/1': answer(409, { message: 'This issue was changed by someone else. The latest version is shown.', issue: fresh }) });
    await store().selectIssue('1');
    await expect(store().updateIssue('1', { title: 'Mine' })).resolves.toBe('conflict');
    expect(store()).toMatchObject({ issueConflict: 'This issue was changed by someone else. The latest version is shown.', issueUpdateError: null, selectedIssue: { title: 'Written by Grace', version: 6 } });
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
    server.on('DELETE /api/issues/2', answer(403, { message: 'Only an administrator or the project lead can delete an issue.' }));
    await store().deleteIssue('2');
    expect(store().error).toBe('Only an administrator or the project lead can delete an issue.');
  });
});

describe('comments of the selected issue (spec §4.9)', () => {
  const tree = [comment({ id: '50', replies: [comment({ id: '51', parentCommentId: '50' })] }), comment({ id: '60' })];
  const selectIssue1 = async (routes = {}) => {
    const server = await loaded({ 'GET /api/issues/1': answer(200, issue({ id: '1', columnId: '10', position: 0 })), 'GET /api/issues/1/comments': answer(200, tree), ...routes });
    await store().selectIssue('1');
    await new Promise((r) => setTimeout(r, 0));
    return server;
  };
  const ids = (list = store().comments): unknown[] => list.map((c) => (c.replies.length ? [c.id, ids(c.replies)] : c.id));

  it('appends top-level comments and places replies under their parent, any depth', async () => {
    const server = await selectIssue1({
      'POST /api/issues/1/comments': (call: { body: unknown }) => {
        const { parentCommentId } = call.body as { parentCommentId: string | null };
        return answer(201, comment({ id: parentCommentId ? '52' : '70', parentCommentId }));
      },
    });
    await store().addComment('1', 'Top');
    await store().addComment('1', 'Deep', '51');
    expect(ids()).toEqual([['50', [['51', ['52']]]], '60', '70']);
    expect(server.callsTo('POST /api/issues/1/comments').map((c) => c.body)).toEqual([
      { body: 'Top', parentCommentId: null },
      { body: 'Deep', parentCommentId: '51' },
    ]);
  });

  it('needs an issue and text', async () => {
    await selectIssue1();
    await store().addComment('1', '  ');
    expect(store().commentError).toBe('Missing issueId or text for adding comment.');
  });

  it('reports an answer without issueId', async () => {
    await selectIssue1({ 'POST /api/issues/1/comments': answer(201, { id: '70', body: 'x' }) });
    await store().addComment('1', 'Top');
    expect(store().commentError).toBe('Comment added but response was incomplete or missing issueId.');
  });

  it('merges an edit, removes a deleted comment with its replies, replaces reactions', async () => {
    await selectIssue1({
      'PUT /api/comments/51': answer(200, comment({ id: '51', parentCommentId: '50', body: 'Edited', edited: true, replies: [] })),
      'DELETE /api/comments/50': answer(204),
      'POST /api/comments/60/reactions': answer(200, { thumbsup: ['7'], heart: [] }),
    });
    await store().updateComment('1', '51', 'Edited');
    expect(store().comments[0]!.replies[0]).toMatchObject({ body: 'Edited', edited: true });
    await store().toggleReaction('1', '60', 'thumbsup');
    expect(store().comments[1]!.reactions).toEqual({ thumbsup: ['7'], heart: [] });
    await store().deleteComment('1', '50');
    expect(ids()).toEqual(['60']);
  });

  it('changes nothing when the issue is no longer the selected one', async () => {
    await selectIssue1({ 'POST /api/issues/2/comments': answer(201, comment({ id: '80', issueId: '2' })) });
    await store().addComment('2', 'Elsewhere');
    expect(ids()).toEqual([['50', ['51']], '60']);
  });

  it('stores failures with the defaults', async () => {
    await selectIssue1({ 'POST /api/comments/60/reactions': answer(500) });
    await store().toggleReaction('1', '60', 'heart');
    expect(store().commentError).toBe('Failed to toggle reaction');
  });
});
