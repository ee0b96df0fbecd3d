import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

// axe-core (the e2e workspace's devDependency) run inside a journey's page: WCAG 2.0/2.1 A and AA
// rules, and only the serious and critical findings, each told so a failing run says what to fix.
// Evaluated through the DevTools protocol rather than added as a <script>: the app's CSP
// (script-src 'self') stays in force while axe looks at the page.
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeFinding = {
  rule: string;
  impact: string;
  help: string;
  /** One line per offending element: its selector, axe's summary and a snippet of its markup. */
  nodes: string[];
};

type AxeResult = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
};

/**
 * Until the screen has settled (its marker already shown): no spinner, no fade still to begin,
 * fonts loaded, transitions done (a theme's colours fading in would be measured half way), painted.
 */
export async function settled(page: Page): Promise<void> {
  await page
    // data-shown="false": a FadeIn still waiting for its 50 ms, whose fade has not begun.
    .waitForFunction(
      () => !document.querySelector('[role="progressbar"], [aria-busy="true"], [data-shown="false"]'),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Transitions and other animations that end (a spinner's never does).
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
  });
}

/** The serious and critical WCAG A/AA violations on the page as it stands. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(`${axeSource}\n;true`);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeResult[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      nodes: v.nodes.map((n) => {
        const summary = (n.failureSummary ?? '').replace(/\s+/g, ' ').replace(/^Fix (any|all) of the following: /, '');
        const html = n.html.length > 160 ? `${n.html.slice(0, 160)}…` : n.html;
        return `${n.target.map(String).join(' ')} — ${summary} — ${html}`;
      }),
    }));
}

/** Where journeys leave the screenshots of the screens they checked (to be looked at). */
export const screenshotDir = join(__dirname, '..', '.tmp', 'screenshots');

/** Once the screen has settled: its serious findings into `found`, and a screenshot of it named `screen`. */
export async function auditScreen(
  page: Page,
  screen: string,
  found: { screen: string; finding: AxeFinding }[],
): Promise<void> {
  await settled(page);
  for (const finding of await seriousViolations(page)) found.push({ screen, finding });
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${screen}.png`) });
}

/** Findings as a report: one block per screen and rule. */
export function formatFindings(findings: { screen: string; finding: AxeFinding }[]): string {
  return findings
    .map(
      ({ screen, finding }) =>
        `[${screen}] ${finding.rule} (${finding.impact}): ${finding.help}\n` +
        finding.nodes.map((n) => `    ${n}`).join('\n'),
    )
    .join('\n');
}
