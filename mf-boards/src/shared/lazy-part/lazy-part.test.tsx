import { act, fireEvent, render, screen } from '@testing-library/react';
import { socketManager } from '@trackboard/web-kit';
import { lastSocket, openedSockets } from '@trackboard/web-kit/testing';
import { useState } from 'react';
import { ada, signInAs } from '../../testing/board-fixtures';
import { goOnline, resetNetwork } from '../../testing/network';
import { lazyPart, PART_RETRY_FIRST_MS } from './lazy-part';

// A lazy part of the board whose code did not arrive (the server was down for a moment): it
// fails on its own, the board around it stays, and it is loaded afresh — by Retry, or by itself
// once the network is back — instead of keeping its first failure for good (React.lazy does).

/** What webpack rejects `import()` with when a chunk's script fails. */
const chunkLoadError = () =>
  Object.assign(new Error('Loading chunk 193 failed.\n(error: http://127.0.0.1/remotes/mf-boards/issue-dialog.js)'), {
    name: 'ChunkLoadError',
  });

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A part whose load fails until `arrives()`; `calls` counts the loads. */
function flakyPart() {
  const state = { calls: 0, here: false };
  const part = lazyPart<{ name: string }>({
    load: () => {
      state.calls++;
      return state.here ? Promise.resolve(Greeting) : Promise.reject(chunkLoadError());
    },
    loading: () => <p role="status">Loading the part…</p>,
    failed: ({ name }, { retry, retrying }) => (
      <div role="alert">
        Could not load the part for {name}
        {retrying ? ' (trying again)' : ''}
        <button type="button" onClick={retry}>
          Retry
        </button>
      </div>
    ),
  });
  return Object.assign(state, part, { arrives: () => (state.here = true) });
}

/** The part beside what stands for the board: cards that must stay whatever the part does. */
function Board({ Part }: { Part: (props: { name: string }) => React.ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <ul aria-label="Cards">
        <li>Card one</li>
        <li>Card two</li>
      </ul>
      <button type="button" onClick={() => setOpen((shown) => !shown)}>
        Toggle
      </button>
      {open ? <Part name="Ada" /> : null}
    </>
  );
}

const cards = () => screen.getByRole('list', { name: 'Cards' });

beforeEach(() => {
  resetNetwork();
  socketManager.disconnect();
  openedSockets.length = 0;
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  // React reports what a boundary caught.
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('a lazy part whose code did not arrive', () => {
  it('fails on its own: the board beside it stays', async () => {
    const part = flakyPart();
    render(<Board Part={part.Part} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the part for Ada (trying again)');
    expect(cards()).toHaveTextContent('Card oneCard two');
  });

  it('Retry loads it afresh, not the failure kept from the first try', async () => {
    const part = flakyPart();
    render(<Board Part={part.Part} />);
    await screen.findByRole('alert');
    part.arrives();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(part.calls).toBe(2);
  });

  it('opened again after a failure, it loads afresh', async () => {
    const part = flakyPart();
    render(<Board Part={part.Part} />);
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    part.arrives();
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('is drawn by itself once the browser is back online', async () => {
    const part = flakyPart();
    render(<Board Part={part.Part} />);
    await screen.findByRole('alert');
    part.arrives();
    goOnline();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(cards()).toBeInTheDocument();
  });

  it('is drawn by itself once the realtime connection reconnects', async () => {
    socketManager.connect();
    await act(() => Promise.resolve());
    act(() => lastSocket()!.serverConnects());
    const part = flakyPart();
    render(<Board Part={part.Part} />);
    await screen.findByRole('alert');
    act(() => lastSocket()!.serverDrops());
    part.arrives();
    act(() => lastSocket()!.serverConnects());
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('is asked for again further apart each time, and drawn once it arrives, without a click', async () => {
    jest.useFakeTimers();
    const part = flakyPart();
    render(<Board Part={part.Part} />);
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    const first = part.calls;
    await act(() => jest.advanceTimersByTimeAsync(PART_RETRY_FIRST_MS));
    expect(part.calls).toBe(first + 1);
    // The next wait is twice as long: nothing yet.
    await act(() => jest.advanceTimersByTimeAsync(PART_RETRY_FIRST_MS));
    expect(part.calls).toBe(first + 1);
    part.arrives();
    await act(() => jest.advanceTimersByTimeAsync(PART_RETRY_FIRST_MS));
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a lazy part that fails while drawing', () => {
  it('is contained too, and only Retry draws it again (nothing to wait out)', async () => {
    jest.useFakeTimers();
    let broken = true;
    function Fragile() {
      if (broken) throw new Error('Cannot read properties of undefined');
      return <p>Drawn</p>;
    }
    let calls = 0;
    const part = lazyPart<{ name: string }>({
      load: () => {
        calls++;
        return Promise.resolve(Fragile);
      },
      loading: () => null,
      failed: (_props, { retry, retrying }) => (
        <button type="button" onClick={retry}>
          {retrying ? 'Waiting' : 'Retry'}
        </button>
      ),
    });
    render(<Board Part={part.Part} />);
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(calls).toBe(1);
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Drawn')).toBeInTheDocument();
    expect(cards()).toBeInTheDocument();
  });
});
