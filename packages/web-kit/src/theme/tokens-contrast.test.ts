/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// WCAG AA (4.5:1 for text) between the token pairs components draw text with, in every theme
// tokens.css defines. axe checks the screens in the browser journeys (e2e/accessibility.test.ts);
// this catches a token change without a browser.
const css = readFileSync(join(__dirname, 'tokens.css'), 'utf8');

/** The custom properties set by the block whose selector is exactly `selector`. */
function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block in tokens.css`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]));
}

const light = block(':root');
const themes: Record<string, Record<string, string>> = {
  light,
  dark: { ...light, ...block(":root[data-theme='dark']") },
  'high contrast': { ...light, ...block(':root[data-high-contrast]') },
  'dark high contrast': {
    ...light,
    ...block(":root[data-theme='dark']"),
    ...block(':root[data-high-contrast]'),
    ...block(":root[data-theme='dark'][data-high-contrast]"),
  },
};

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

// [text, background]: where the app draws one on the other.
const pairs: [string, string][] = [
  ['--color-text', '--color-background'],
  ['--color-text', '--color-surface'],
  ['--color-text-muted', '--color-surface'],
  // Links, the current sidebar item (on the raised surface) and outlined buttons such as "Edit Project".
  ['--color-primary', '--color-surface'],
  ['--color-primary', '--color-background'],
  ['--color-primary', '--color-surface-raised'],
  ['--color-on-primary', '--color-primary'],
  ['--color-on-primary', '--color-primary-hover'],
  // The admin's Pending badges.
  ['--color-warning', '--color-surface'],
  ['--color-danger', '--color-surface'],
  ['--color-error-text', '--color-error-surface'],
  ['--color-notice-text', '--color-notice-surface'],
  ['--color-success-text', '--color-success-surface'],
];

describe.each(Object.entries(themes))('the %s theme', (_name, tokens) => {
  it.each(pairs)('%s on %s reads at 4.5:1 or more', (text, background) => {
    expect(tokens[text]).toBeDefined();
    expect(tokens[background]).toBeDefined();
    expect(contrast(tokens[text]!, tokens[background]!)).toBeGreaterThanOrEqual(4.5);
  });
});
