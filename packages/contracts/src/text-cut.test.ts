import { truncateText } from './text-cut';

describe('truncateText', () => {
  it('leaves a text that fits as it is', () => {
    expect(truncateText('😀'.repeat(100), 200, { ellipsis: '…' })).toBe('😀'.repeat(100));
  });

  it('cuts between two emoji, never inside one, within the length', () => {
    const cut = truncateText(`x${'😀'.repeat(150)}`, 200, { ellipsis: '…' });
    expect(cut).toBe(`x${'😀'.repeat(99)}…`);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(truncateText('𝔘𝔫𝔦', 5)).toBe('𝔘𝔫');
  });

  it('keeps a grapheme of several code points whole, or leaves it out', () => {
    const family = '👨‍👩‍👧‍👦';
    expect(truncateText(`ab${family}`, 12)).toBe('ab');
    expect(truncateText(`ab${family}c`, 13)).toBe(`ab${family}`);
    expect(truncateText('e\u0301e\u0301', 3)).toBe('e\u0301');
    expect(truncateText('🇫🇷🇩🇪', 6)).toBe('🇫🇷');
  });

  it('drops the spaces before an ellipsis', () => {
    expect(truncateText('word   word', 8, { ellipsis: '…' })).toBe('word…');
  });

  it('cuts one grapheme longer than all the room between its code points', () => {
    const zalgo = `Z${'\u0336'.repeat(300)}`;
    expect(truncateText(zalgo, 100)).toBe(zalgo.slice(0, 100));
    expect(truncateText('😀', 1)).toBe('');
  });
});
