import { HTML5Backend } from 'react-dnd-html5-backend';
import { MultiBackend, PointerTransition, TouchTransition, type MultiBackendOptions } from 'react-dnd-multi-backend';
import { TouchBackend, type TouchBackendOptions } from 'react-dnd-touch-backend';

/**
 * How long a finger rests on a card before it is picked up. Shorter, and a swipe meant
 * to scroll the column or the board would start dragging a card instead.
 */
export const LONG_PRESS_MS = 350;

/** The touch backend's options: a long press picks a card up, and the mouse stays with HTML5. */
export const touchOptions: Partial<TouchBackendOptions> = {
  delayTouchStart: LONG_PRESS_MS,
  enableMouseEvents: false,
  // A few pixels of a finger's wobble during the press are not yet a drag.
  touchSlop: 8,
};

/**
 * The board's drag and drop: the mouse drags with the HTML5 backend, as before; the
 * first touch switches to the touch backend (and a mouse press back), so phones and tablets drag
 * cards too. Both end in the same drop handlers, so a touch drop is an ordinary move.
 */
export const dndPipeline: MultiBackendOptions = {
  backends: [
    { id: 'html5', backend: HTML5Backend, transition: PointerTransition },
    { id: 'touch', backend: TouchBackend, options: touchOptions, preview: true, transition: TouchTransition },
  ],
};

export { MultiBackend };
