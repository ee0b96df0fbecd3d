import { render } from '@testing-library/react';
import { TouchBackend } from 'react-dnd-touch-backend';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { BoardColumns } from './board-columns';
import { dndPipeline, LONG_PRESS_MS } from './dnd-backend';

// Cards drag by touch too. The board's drag and drop is a multi-backend: HTML5 for
// the mouse, switching to the touch backend on the first touch, which waits for a long press
// (so a swipe still scrolls) and leaves mouse events to HTML5.

describe('the board drag and drop backends', () => {
  test('the pipeline: HTML5 first, then touch with a long press and no mouse events', () => {
    const [html5, touch] = dndPipeline.backends;
    expect(html5?.backend).toBe(HTML5Backend);
    expect(touch?.backend).toBe(TouchBackend);
    expect(touch?.transition?.event).toBe('touchstart');
    expect(touch?.options).toMatchObject({ enableMouseEvents: false, delayTouchStart: LONG_PRESS_MS });
    expect(LONG_PRESS_MS).toBeGreaterThanOrEqual(300);
    expect(LONG_PRESS_MS).toBeLessThanOrEqual(400);
    expect(touch?.preview).toBe(true);
  });

  test('the board columns drag through that pipeline: HTML5 and touch', () => {
    const { unmount } = render(
      <BoardColumns
        id="board"
        columns={[{ id: 'c1', name: 'To do', position: 'a0', issues: [] } as never]}
        onMove={() => {}}
        onOpen={() => {}}
        onAdd={async () => true}
      />,
    );
    // react-dnd keeps the provider's manager on the global object, under this symbol.
    const context = (globalThis as Record<symbol, { dragDropManager?: { getBackend(): unknown } }>)[
      Symbol.for('__REACT_DND_CONTEXT_INSTANCE__')
    ];
    const backend = context?.dragDropManager?.getBackend() as { backendsList?: () => { id: string }[] };
    // A multi-backend lists its backends; the HTML5 backend alone has no such list.
    expect(backend.backendsList?.().map((b) => b.id)).toEqual(['html5', 'touch']);
    unmount();
  });
});
