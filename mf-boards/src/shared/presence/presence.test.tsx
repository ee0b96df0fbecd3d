import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { PresenceEvent } from '@trackboard/contracts';
import { socketManager } from '@trackboard/web-kit';
import {
  answer,
  fakeApi,
  type FakeSocket,
  lastSocket,
  openedSockets,
  renderRemoteAt,
} from '@trackboard/web-kit/testing';
import BoardApp from '../../exposes/board-app';
import { ada, board, issue, signInAs } from '../../testing/board-fixtures';
import '../../testing/render-board';
import { ownUpdate, usePresenceStore } from './presence-store';
import { presenceFieldOf, setEditingField, usePresenceEditing } from './use-presence';

// Presence: the faces of the others on the board in its header and, in an issue's dialog, of
// those in that issue with what they edit. The fake socket plays the server (the board room).

const grace = { id: '8', name: 'Grace Hopper', avatarUrl: null };
const linus = { id: '9', name: 'Linus Torvalds', avatarUrl: null };
const adaHerself = { id: ada.id, name: ada.name, avatarUrl: null };

const here = (fields: Partial<PresenceEvent> & Pick<PresenceEvent, 'key' | 'user'>): PresenceEvent => ({
  boardId: '1',
  issueId: null,
  editing: null,
  joined: false,
  ...fields,
});
/** What this page said of itself, in order. */
const said = (socket: FakeSocket) => socket.sent.filter((m) => m.event === 'presence').map((m) => m.args[0]);

beforeEach(() => {
  socketManager.disconnect();
  openedSockets.length = 0;
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function boardOpen(path = '/boards/1') {
  fakeApi({
    'GET /api/boards/1': answer(200, board()),
    'GET /api/issues/1': answer(200, issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec' })),
    'GET /api/issues/1/comments': answer(200, []),
    'GET /api/projects/WEB': answer(200, { key: 'WEB', name: 'Website' }),
  });
  renderRemoteAt(BoardApp, ['boards/*'], path);
  // Behind an open dialog, the board is hidden from the accessibility tree (Radix's modal).
  await screen.findByRole('heading', { level: 1, name: 'Web board', hidden: true });
  const socket = lastSocket()!;
  act(() => socket.serverConnects());
  // Presence is a chunk of its own, loaded once the board is drawn: then the page says it is here.
  await waitFor(() => expect(said(socket)).not.toHaveLength(0));
  return socket;
}
const onBoard = () => screen.queryByRole('list', { name: 'Also on this board', hidden: true });

describe('the board header', () => {
  it('says this page is on the board once its room is joined', async () => {
    const socket = await boardOpen();
    expect(said(socket)).toEqual([{ boardId: '1', issueId: null, editing: null }]);
    expect(onBoard()).toBeNull(); // nobody else yet
  });

  it('shows each other person once, however many pages they have open, and never the viewer', async () => {
    const socket = await boardOpen();
    act(() => {
      socket.serverSends('presence', here({ key: 'g1', user: grace, joined: true }));
      socket.serverSends('presence', here({ key: 'g2', user: grace }));
      socket.serverSends('presence', here({ key: 'a2', user: adaHerself })); // Ada's other tab
      socket.serverSends('presence', here({ key: 'l1', user: linus, issueId: '3' }));
    });
    const faces = within(onBoard()!).getAllByRole('img');
    expect(faces.map((face) => face.getAttribute('aria-label'))).toEqual(['Grace Hopper', 'Linus Torvalds']);
    expect(faces[0]).toHaveTextContent('GH');
    // Grace arrived: this page answers, so she learns who is here.
    expect(said(socket)).toHaveLength(2);
    expect(said(socket)).not.toContainEqual(expect.objectContaining({ user: expect.anything() }));

    // One of Grace's pages closes: she is still here; the other one too: gone.
    act(() => socket.serverSends('presence_left', { boardId: '1', key: 'g1' }));
    expect(within(onBoard()!).getByRole('img', { name: 'Grace Hopper' })).toBeInTheDocument();
    act(() => socket.serverSends('presence_left', { boardId: '1', key: 'g2' }));
    expect(within(onBoard()!).queryByRole('img', { name: 'Grace Hopper' })).toBeNull();
  });

  it("ignores another board's presence", async () => {
    const socket = await boardOpen();
    act(() => socket.serverSends('presence', here({ key: 'g1', user: grace, boardId: '2' })));
    expect(onBoard()).toBeNull();
  });

  it('counts those past five', async () => {
    const socket = await boardOpen();
    act(() => {
      for (let n = 0; n < 7; n++)
        socket.serverSends(
          'presence',
          here({ key: `p${n}`, user: { id: `p${n}`, name: `Person ${n}`, avatarUrl: null } }),
        );
    });
    expect(within(onBoard()!).getAllByRole('img')).toHaveLength(5);
    expect(within(onBoard()!).getByText('2 more')).toBeInTheDocument();
  });

  it('forgets someone not heard of for 30 s, keeps someone who beats, and beats every 10 s itself', async () => {
    jest.useFakeTimers();
    const socket = await boardOpen();
    act(() => {
      socket.serverSends('presence', here({ key: 'g1', user: grace }));
      socket.serverSends('presence', here({ key: 'l1', user: linus }));
    });
    for (let beat = 0; beat < 3; beat++) {
      act(() => jest.advanceTimersByTime(10_000));
      act(() => socket.serverSends('presence', here({ key: 'l1', user: linus })));
    }
    // 30 s without a word from Grace's page; Linus's beat kept him.
    const faces = within(onBoard()!).getAllByRole('img');
    expect(faces.map((face) => face.getAttribute('aria-label'))).toEqual(['Linus Torvalds']);
    expect(said(socket)).toHaveLength(4); // the first, and one beat every 10 s
    act(() => jest.advanceTimersByTime(30_000));
    expect(onBoard()).toBeNull();
  });

  it('tells the room again once the room is joined again after a reconnect', async () => {
    const socket = await boardOpen();
    act(() => socket.serverDrops());
    act(() => socket.serverConnects());
    expect(said(socket)).toHaveLength(2);
  });
});

describe('the issue dialog', () => {
  const inIssue = () => within(screen.getByRole('dialog')).queryByRole('list', { name: 'Also in this issue' });

  it('says this page is in the issue, and shows who else is, with what they edit', async () => {
    const socket = await boardOpen('/boards/1/issues/WEB-1');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: /Write the spec, edit title/ });
    expect(said(socket).pop()).toEqual({ boardId: '1', issueId: '1', editing: null });

    act(() => {
      socket.serverSends('presence', here({ key: 'g1', user: grace, issueId: '1', editing: 'description' }));
      socket.serverSends('presence', here({ key: 'l1', user: linus, issueId: '2', editing: 'title' }));
    });
    // Linus is on the board, in another issue: in the header, not in this dialog.
    expect(
      within(inIssue()!)
        .getAllByRole('img')
        .map((f) => f.getAttribute('aria-label')),
    ).toEqual(['Grace Hopper']);
    expect(within(dialog).getByText('Grace Hopper is editing the description')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Linus Torvalds is editing/)).toBeNull();
    expect(within(onBoard()!).getAllByRole('img', { hidden: true })).toHaveLength(2);

    // Grace saves: she is still in the issue, editing nothing.
    act(() => socket.serverSends('presence', here({ key: 'g1', user: grace, issueId: '1' })));
    expect(within(dialog).queryByText(/is editing/)).toBeNull();
    expect(within(inIssue()!).getByRole('img', { name: 'Grace Hopper' })).toBeInTheDocument();
  });

  it('tells the room which field this page edits, and when it stops', async () => {
    const socket = await boardOpen('/boards/1/issues/WEB-1');
    await within(await screen.findByRole('dialog')).findByRole('button', { name: /edit title/ });
    act(() => setEditingField('description'));
    expect(said(socket).pop()).toEqual({ boardId: '1', issueId: '1', editing: 'description' });
    act(() => setEditingField(null));
    expect(said(socket).pop()).toEqual({ boardId: '1', issueId: '1', editing: null });
  });
});

describe('the editors’ hook', () => {
  beforeEach(() => {
    usePresenceStore.getState().enterBoard('1');
    usePresenceStore.getState().viewIssue('1');
  });

  it('marks the field edited while `editing` is true', () => {
    const editor = renderHook(({ editing }) => usePresenceEditing('title', editing), {
      initialProps: { editing: false },
    });
    expect(usePresenceStore.getState().editing).toBeNull();
    editor.rerender({ editing: true });
    expect(usePresenceStore.getState().editing).toBe('title');
    editor.rerender({ editing: false });
    expect(usePresenceStore.getState().editing).toBeNull();
    editor.rerender({ editing: true });
    editor.unmount();
    expect(usePresenceStore.getState().editing).toBeNull();
  });

  it('names the field of an editor by its label', () => {
    expect(['Description', 'Related Code', 'Links', 'Instructions', 'Priority'].map(presenceFieldOf)).toEqual([
      'description',
      'relatedCode',
      'links',
      'instructions',
      null,
    ]);
  });
});

describe('the presence store', () => {
  it('keeps the open issue when the board’s presence starts after the dialog (an issue’s own link)', () => {
    const store = usePresenceStore.getState();
    store.viewIssue('1');
    store.enterBoard('1');
    expect(ownUpdate(usePresenceStore.getState())).toEqual({ boardId: '1', issueId: '1', editing: null });
    store.viewIssue(null);
    store.leaveBoard('1');
    expect(ownUpdate(usePresenceStore.getState())).toBeNull();
  });
});
