/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// The board's columns take the viewport's height (not a fixed 600px),
// snap when swiped sideways on a phone, and the projects grid is fluid. Read from the stylesheets.

const boardCss = readFileSync(resolve(__dirname, 'board.module.css'), 'utf8');
const projectsCss = readFileSync(
  resolve(__dirname, '../../../../../mf-projects/src/features/projects/projects-page.module.css'),
  'utf8',
);

/** The declarations of `selector` (exactly), inside the @media block that `media` matches or at top level. */
function declarationsOf(css: string, selector: string, media?: RegExp): string {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let scope = text;
  if (media) {
    const start = text.search(media);
    if (start < 0) return '';
    // The @media block: from its brace to the brace that closes it.
    let depth = 0;
    let end = text.indexOf('{', start);
    for (let i = end; i < text.length; i++) {
      if (text[i] === '{') depth++;
      if (text[i] === '}' && --depth === 0) {
        end = i;
        break;
      }
    }
    scope = text.slice(text.indexOf('{', start) + 1, end);
  } else {
    scope = text.replace(/@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '');
  }
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return Array.from(scope.matchAll(new RegExp(`(?:^|[}\\s])${escaped}\\s*\\{([^}]*)\\}`, 'g')), (m) => m[1]).join(';');
}

describe('board layout on phones and wide screens', () => {
  test('no column is a fixed 600px high: columns fill the board to the viewport, with a floor', () => {
    expect(boardCss).not.toMatch(/height:\s*600px/);
    expect(declarationsOf(boardCss, '.page')).toMatch(/height:\s*calc\(100dvh - var\(--header-height\)/);
    const columns = declarationsOf(boardCss, '.columns');
    expect(columns).toMatch(/align-items:\s*stretch/);
    expect(columns).toMatch(/min-height:\s*18rem/);
    expect(declarationsOf(boardCss, '.column')).toMatch(/max-height:\s*100dvh/);
  });

  test('on a phone the columns snap to a column when swiped sideways', () => {
    const phone = /@media\s*\(max-width:\s*767(?:\.98)?px\)/;
    expect(declarationsOf(boardCss, '.columns', phone)).toMatch(/scroll-snap-type:\s*x mandatory/);
    expect(declarationsOf(boardCss, '.column', phone)).toMatch(/scroll-snap-align:\s*start/);
  });

  test('columns grow a little on wide screens, never under 16rem', () => {
    expect(declarationsOf(boardCss, '.column')).toMatch(/flex:\s*0 0 clamp\(16rem,/);
  });

  test('a long press on a card shows no callout menu (the press picks the card up)', () => {
    expect(declarationsOf(boardCss, '.card')).toMatch(/-webkit-touch-callout:\s*none/);
  });

  test('the projects grid is fluid: as many columns as fit', () => {
    const grid = declarationsOf(projectsCss, '.grid');
    expect(grid).toMatch(/display:\s*grid/);
    expect(grid).toMatch(/grid-template-columns:\s*repeat\(auto-fill,\s*minmax\(/);
  });
});
