/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// A column's count badge was #1f1f1f on #000 in high contrast (1.27:1). The
// badge's colours are worked out here from the stylesheets themselves, in each of the four
// appearances the page root can carry, and must reach WCAG AA for text (4.5:1).

const tokensCss = readFileSync(resolve(__dirname, '../../../../../packages/web-kit/src/theme/tokens.css'), 'utf8');
const boardCss = readFileSync(resolve(__dirname, 'board.module.css'), 'utf8');

interface Rule {
  selector: string;
  declarations: [string, string][];
}

/** The innermost `selector { declarations }` blocks, in order (rules inside @media included). */
function rulesOf(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return Array.from(text.matchAll(/([^{}]+)\{([^{}]*)\}/g), ([, selectors, body]) =>
    selectors!.split(',').map((selector) => ({
      selector: selector.trim(),
      declarations: body!
        .split(';')
        .map((line) => line.trim())
        .filter((line) => line.includes(':'))
        .map((line): [string, string] => [
          line.slice(0, line.indexOf(':')).trim(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
    })),
  ).flat();
}

interface Appearance {
  dark: boolean;
  highContrast: boolean;
}

/** Whether a root selector (`:root`, `:root[data-theme='dark'][data-high-contrast]`, …) matches. */
function rootMatches(selector: string, appearance: Appearance) {
  if (!selector.startsWith(':root')) return false;
  const attributes = Array.from(selector.matchAll(/\[([^\]]+)\]/g), ([, attribute]) => attribute!);
  return attributes.every((attribute) => {
    if (attribute === 'data-high-contrast') return appearance.highContrast;
    if (attribute === "data-theme='dark'") return appearance.dark;
    if (attribute === "data-theme='light'") return !appearance.dark;
    return false;
  });
}

/** The declarations of the matching rules, weakest first (specificity: the root's attributes; then source order). */
function cascade(rules: Rule[], matches: (selector: string) => number | null) {
  const matched = rules
    .map((rule, order) => ({ rule, order, weight: matches(rule.selector) }))
    .filter((entry): entry is { rule: Rule; order: number; weight: number } => entry.weight !== null)
    .sort((a, b) => a.weight - b.weight || a.order - b.order);
  return new Map(matched.flatMap(({ rule }) => rule.declarations));
}

/**
 * What `.count` gets: the tokens on the root, then the badge's own rules (plain or under a root
 * marker); with a modifier (the WIP limit's `countAtLimit`, `countOverLimit`), its `.count.modifier`
 * rules on top, which weigh more.
 */
function badgeStyle(appearance: Appearance, modifier?: string) {
  const attributes = (selector: string) => (selector.match(/\[/g) ?? []).length;
  const tokens = cascade(rulesOf(tokensCss), (selector) =>
    rootMatches(selector, appearance) ? attributes(selector) : null,
  );
  const own = cascade(rulesOf(boardCss), (selector) => {
    const parts = /^(?::global\((:root[^)]*)\)\s+)?\.count(?:\.(\w+))?$/.exec(selector);
    if (!parts) return null;
    const [, root, own] = parts;
    if (own !== undefined && own !== modifier) return null;
    if (root !== undefined && !rootMatches(root, appearance)) return null;
    return (own ? 10 : 0) + (root ? 1 + attributes(root) : 0);
  });
  const resolveValue = (value: string, depth = 0): string => {
    if (depth > 10) throw new Error(`var() loop in ${value}`);
    const reference = /^var\((--[\w-]+)(?:,\s*(.+))?\)$/.exec(value);
    if (!reference) return value;
    const next = own.get(reference[1]!) ?? tokens.get(reference[1]!) ?? reference[2];
    if (next === undefined) throw new Error(`${reference[1]} is not defined`);
    return resolveValue(next, depth + 1);
  };
  const raw = (property: string) => {
    const value = own.get(property);
    if (value === undefined) throw new Error(`.count has no ${property}`);
    return value;
  };
  return {
    raw,
    background: resolveValue(raw('background')),
    color: resolveValue(raw('color')),
  };
}

function luminance(hex: string) {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`not a hex colour: ${hex}`);
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(digits.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

const appearances: [string, Appearance][] = [
  ['light', { dark: false, highContrast: false }],
  ['dark', { dark: true, highContrast: false }],
  ['light, high contrast', { dark: false, highContrast: true }],
  ['dark, high contrast', { dark: true, highContrast: true }],
];

describe('the column count badge', () => {
  it.each(appearances)('reads at 4.5:1 or more in the %s theme', (_name, appearance) => {
    const { background, color } = badgeStyle(appearance);
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
  });

  // Amber at the WIP limit, red over it.
  describe.each([
    ['at its WIP limit', 'countAtLimit'],
    ['over its WIP limit', 'countOverLimit'],
  ])('%s', (_state, modifier) => {
    it.each(appearances)('reads at 4.5:1 or more in the %s theme, in colours of its own', (_name, appearance) => {
      const { background, color } = badgeStyle(appearance, modifier);
      expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
      const plain = badgeStyle(appearance);
      expect([background, color]).not.toEqual([plain.background, plain.color]);
    });
  });

  // Dark high contrast draws both on black: the text's colour tells them apart (and the words do).
  it('tells amber from red in every theme', () => {
    for (const [, appearance] of appearances) {
      const [amber, red] = [badgeStyle(appearance, 'countAtLimit'), badgeStyle(appearance, 'countOverLimit')];
      expect([amber.background, amber.color]).not.toEqual([red.background, red.color]);
      expect(amber.color).not.toBe(red.color);
    }
  });

  it('takes its colours from the theme tokens, never a colour of its own', () => {
    for (const appearance of [
      { dark: false, highContrast: false },
      { dark: true, highContrast: true },
    ]) {
      const { raw } = badgeStyle(appearance);
      expect(raw('background')).toMatch(/^var\(--/);
      expect(raw('color')).toMatch(/^var\(--/);
    }
  });
});
