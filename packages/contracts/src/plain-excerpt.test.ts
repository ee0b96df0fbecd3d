/** @jest-environment node */
import { mentionMarkup } from './notification-rules';
import { markdownAsText, plainExcerpt } from './plain-excerpt';

describe('plain excerpts of Markdown', () => {
  it.each([
    ['**Bold** and _it_ and *em* and ~~gone~~', 'Bold and it and em and gone'],
    ['# Heading\n\nText', 'Heading Text'],
    ['> quoted\n> more', 'quoted more'],
    ['- [x] ship it\n- [ ] test it\n1. first\n* star', 'ship it test it first star'],
    ['See [the docs](https://example.com/docs) and ![a chart](x.png)', 'See the docs and a chart'],
    ['Run `npm test` now', 'Run npm test now'],
    ['```ts\nconst a = 1;\n```', 'const a = 1;'],
    ['| a | b |\n|---|:-:|\n| 1 | 2 |', 'a b 1 2'],
    ['snake_case_name and 2*3*4 stay', 'snake_case_name and 2*3*4 stay'],
    ['<https://example.com>', 'https://example.com'],
  ])('%j → %j', (markdown, text) => {
    // Line breaks and runs of spaces are an excerpt's to fold: compared folded.
    expect(markdownAsText(markdown).replace(/\s+/g, ' ').trim()).toBe(text);
  });

  it('writes mentions as @Name (not as links), on one line, cut with an ellipsis', () => {
    const text = `Hey ${mentionMarkup('Priya Nair', '4')}, **look**:\n\n- [ ] ${'word '.repeat(60)}`;
    const excerpt = plainExcerpt(text, 40);
    expect(excerpt).toMatch(/^Hey @Priya Nair, look: word word word w?…$/);
    expect(excerpt.length).toBeLessThanOrEqual(40);
  });
});
