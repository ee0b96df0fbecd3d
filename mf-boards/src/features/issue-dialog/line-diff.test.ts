import { mergeSeed, sideBySide } from './line-diff';

describe('their text beside mine', () => {
  it('marks the lines each side has that the other lacks', () => {
    expect(sideBySide('Goals\n- fast', 'Summary\nGoals')).toEqual({
      theirs: [
        { text: 'Goals', changed: false },
        { text: '- fast', changed: true },
      ],
      yours: [
        { text: 'Summary', changed: true },
        { text: 'Goals', changed: false },
      ],
    });
  });

  it('compares a last line with or without its newline alike', () => {
    expect(sideBySide('a\nb', 'a\nb\n').theirs.every((line) => !line.changed)).toBe(true);
  });
});

describe('the merge to start from', () => {
  it('puts my changes into their text where they fit', () => {
    expect(mergeSeed('Goals', 'Goals\n- fast', 'Summary\nGoals')).toBe('Summary\nGoals\n- fast');
    expect(mergeSeed('a\nb\nc\nd\ne\nf\ng', 'a\nB\nc\nd\ne\nf\ng', 'a\nb\nc\nd\ne\nf\nG')).toBe('a\nB\nc\nd\ne\nf\nG');
  });

  it('keeps both where we changed the same lines, theirs first', () => {
    expect(mergeSeed('a\nb\nc', 'a\nB\nc', 'a\nb2\nc')).toBe('a\nB\nb2\nc');
    expect(mergeSeed('', 'Theirs', 'Mine')).toBe('Theirs\nMine');
  });
});
