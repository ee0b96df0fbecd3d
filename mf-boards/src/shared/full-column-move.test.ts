import { issue } from '../testing/board-fixtures';
import { fullColumnMove } from './full-column-move';

// To Do holds A, h1, h2, B, h3 (the h's hidden by the filter); In Progress holds C and h4.
const at = (id: string, columnId: string, position: number) => issue({ id, columnId, position });
const full = [
  { id: '10', issues: [at('A', '10', 0), at('h1', '10', 1), at('h2', '10', 2), at('B', '10', 3), at('h3', '10', 4)] },
  { id: '11', issues: [at('h4', '11', 0), at('C', '11', 1)] },
  { id: '12', issues: [at('h5', '12', 0)] },
];
const shown = [
  { id: '10', issues: [full[0]!.issues[0]!, full[0]!.issues[3]!] },
  { id: '11', issues: [full[1]!.issues[1]!] },
  { id: '12', issues: [] },
];
const move = (issueId: string, from: string, to: string, newPosition: number) =>
  fullColumnMove(full, shown, { issueId, sourceColumnId: from, destinationColumnId: to, newPosition }).newPosition;

describe('a move on the filtered view, in the full column', () => {
  it('between two shown cards: right after the upper one, above the hidden ones', () => {
    expect(move('C', '11', '10', 1)).toBe(1);
  });

  it('below the last shown card: right after it', () => {
    expect(move('C', '11', '10', 2)).toBe(4);
  });

  it('at the top: right before the first shown card', () => {
    expect(move('C', '11', '11', 0)).toBe(1);
    expect(move('C', '11', '10', 0)).toBe(0);
  });

  it('within its own column, counting without the card itself', () => {
    // A dropped below B: after B among the others (h1, h2, B, h3).
    expect(move('A', '10', '10', 1)).toBe(3);
    // B dropped above A.
    expect(move('B', '10', '10', 0)).toBe(0);
  });

  it('into a column showing nothing: at its end', () => {
    expect(move('C', '11', '12', 0)).toBe(1);
  });

  it('without a filter, the same index', () => {
    expect(
      fullColumnMove(full, full, { issueId: 'C', sourceColumnId: '11', destinationColumnId: '10', newPosition: 3 })
        .newPosition,
    ).toBe(3);
  });
});
