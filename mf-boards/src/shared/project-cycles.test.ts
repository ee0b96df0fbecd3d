import { act, renderHook, waitFor } from '@testing-library/react';
import { answer, heldAnswer } from '@trackboard/web-kit/testing';
import { board, issue } from '../testing/board-fixtures';
import { event, loaded, store } from '../testing/board-store-harness';
import { cycle, CYCLES_ROUTE, projectCycles } from '../testing/cycle-fixtures';
import { currentAndNext, cycleTexts, openCycles, unknownCycleIds, useProjectCycles } from './project-cycles';

// The board's project's cycles: asked for by the parts that need them, once, and again when an
// issue turns up in a cycle they do not know.

describe("the board's project's cycles", () => {
  it('are asked for once by all that want them, and not while none does', async () => {
    const server = await loaded({ [CYCLES_ROUTE]: answer(200, projectCycles()) });
    const idle = renderHook(() => useProjectCycles(false));
    expect(idle.result.current).toBeNull();
    expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(0);

    const first = renderHook(() => useProjectCycles());
    const second = renderHook(() => useProjectCycles());
    await waitFor(() => expect(first.result.current?.cycles).toHaveLength(5));
    expect(second.result.current).toBe(first.result.current);
    expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(1);
  });

  it('are asked for again when an issue turns up in a cycle they do not know, once per cycle', async () => {
    const server = await loaded({ [CYCLES_ROUTE]: answer(200, projectCycles()) });
    const { result } = renderHook(() => useProjectCycles());
    await waitFor(() => expect(result.current).not.toBeNull());

    // A cycle they know: nothing asked.
    act(() =>
      store().receiveBoardUpdate(event({ issues: [issue({ id: '1', columnId: '10', position: 0, cycleId: '44' })] })),
    );
    expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(1);

    // A sixth cycle planned since.
    const withSixth = projectCycles();
    withSixth.cycles.push(cycle(6, 'upcoming', '2031-04-14', '2031-04-28'));
    server.on(CYCLES_ROUTE, answer(200, withSixth));
    act(() =>
      store().receiveBoardUpdate(
        event({ version: 7, issues: [issue({ id: '2', columnId: '10', position: 1, cycleId: '46' })] }),
      ),
    );
    await waitFor(() => expect(result.current?.cycles).toHaveLength(6));
    expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(2);

    // One the answer still lacks is not asked about again.
    act(() =>
      store().receiveBoardUpdate(
        event({ version: 8, issues: [issue({ id: '3', columnId: '11', position: 0, cycleId: '99' })] }),
      ),
    );
    await waitFor(() => expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(3));
    act(() =>
      store().receiveBoardUpdate(
        event({ version: 9, issues: [issue({ id: '3', columnId: '11', position: 0, cycleId: '99', title: 'Again' })] }),
      ),
    );
    await waitFor(() => expect(store().version).toBe(9));
    expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(3);
  });

  it("drop a project's cycles when the board of another is shown, and an answer arriving after that", async () => {
    const held = heldAnswer();
    const server = await loaded({ [CYCLES_ROUTE]: held.route });
    const { result } = renderHook(() => useProjectCycles());
    await waitFor(() => expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(1));

    server.on('GET /api/boards/2', answer(200, board(undefined, { id: '2', projectKey: 'APP' })));
    server.on('GET /api/projects/APP/cycles', answer(200, projectCycles({ projectKey: 'APP' })));
    await act(() => store().fetchBoard('2'));
    await waitFor(() => expect(result.current?.projectKey).toBe('APP'));
    await act(async () => held.release(answer(200, projectCycles())));
    expect(result.current?.projectKey).toBe('APP');
    expect(server.callsTo('GET /api/projects/APP/cycles')).toHaveLength(1);
  });

  it('offer the current cycle and those after it, and name them with their days', () => {
    const data = projectCycles();
    expect(openCycles(data).map((c) => c.name)).toEqual(['Cycle 3', 'Cycle 4', 'Cycle 5']);
    expect(currentAndNext(data)).toEqual({ current: '43', next: '44' });
    expect(currentAndNext({ ...data, cycles: data.cycles.slice(0, 2) })).toEqual({ current: null, next: null });
    expect(unknownCycleIds([{ cycleId: '43' }, { cycleId: null }, { cycleId: '7' }, { cycleId: '7' }], data)).toEqual([
      '7',
    ]);
    const [first, , current, next] = data.cycles;
    expect(cycleTexts.choice(current!, '2031-03-05')).toBe('Cycle 3 (current) · Mar 3 – Mar 16');
    expect(cycleTexts.choice(next!, '2030-12-30')).toBe('Cycle 4 · Mar 17, 2031 – Mar 30, 2031');
    expect(cycleTexts.choice(first!, '2031-03-05')).toBe('Cycle 1 (ended) · Feb 3 – Feb 16');
  });
});
