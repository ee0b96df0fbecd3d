/** @jest-environment node */
import { EDGE_PX, MAX_SPEED_PX, edgeSpeed } from './edge-scroll';

describe('scrolling the board while a card is held near its edge', () => {
  const [start, end] = [0, 390];

  it('scrolls towards the edge the card is held at, faster the closer it is', () => {
    expect(edgeSpeed(end - 1, start, end)).toBe(Math.ceil((MAX_SPEED_PX * (EDGE_PX - 1)) / EDGE_PX));
    expect(edgeSpeed(end, start, end)).toBe(MAX_SPEED_PX);
    expect(edgeSpeed(end - EDGE_PX / 2, start, end)).toBe(MAX_SPEED_PX / 2);
    expect(edgeSpeed(start + 2, start, end)).toBeLessThan(0);
    expect(edgeSpeed(start - 30, start, end)).toBe(-MAX_SPEED_PX);
  });

  it('leaves the board alone in the middle, and on a box too narrow to have a middle', () => {
    expect(edgeSpeed(195, start, end)).toBe(0);
    expect(edgeSpeed(end - EDGE_PX, start, end)).toBe(0);
    expect(edgeSpeed(5, 0, 100)).toBe(0);
  });
});
