/** @jest-environment node */
import { caretAfterReplace, imageMarkdown, insertAt, uploadingMarkdown } from './pasted-images';

describe('pasted images in Markdown', () => {
  it('embed by name and address, their brackets kept from ending the text', () => {
    expect(imageMarkdown('shot.png', '/api/attachments/3')).toBe('![shot.png](/api/attachments/3)');
    expect(imageMarkdown('a [draft] \\ b.png', '/x')).toBe('![a \\[draft\\] \\\\ b.png](/x)');
    expect(uploadingMarkdown('shot.png')).toBe('![Uploading shot.png…]()');
  });

  it('go in place of the selection', () => {
    expect(insertAt('abcdef', 2, 4, 'X')).toBe('abXef');
    expect(insertAt('ab', 2, 2, 'X')).toBe('abX');
  });

  it('keep the caret where it was in the text around the replaced placeholder', () => {
    const text = 'ab[ph]cd';
    expect(caretAfterReplace(text, '[ph]', '[image]', 1)).toBe(1);
    expect(caretAfterReplace(text, '[ph]', '[image]', 2)).toBe(2);
    expect(caretAfterReplace(text, '[ph]', '[image]', 7)).toBe(10);
    expect(caretAfterReplace(text, '[ph]', '[image]', 4)).toBe(9);
    expect(caretAfterReplace(text, '[gone]', 'x', 5)).toBe(5);
  });
});
