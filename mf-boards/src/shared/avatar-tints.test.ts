/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The initials on an avatar's tinted disc are white, 10–12px bold: each of the eight tints must
// keep them at 4.5:1 (WCAG AA), as axe checks in the accessibility journey.
const css = readFileSync(join(__dirname, 'user-avatar.module.css'), 'utf8');
const tints = [...css.matchAll(/\.(tint\d)\s*\{\s*background:\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1]!, m[2]!]);

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

it('defines the eight avatar tints', () => {
  expect(tints.map(([name]) => name)).toEqual(['tint0', 'tint1', 'tint2', 'tint3', 'tint4', 'tint5', 'tint6', 'tint7']);
});

it.each(tints)('white initials on .%s (%s) read at 4.5:1 or more', (_name, background) => {
  expect((1 + 0.05) / (luminance(background) + 0.05)).toBeGreaterThanOrEqual(4.5);
});
