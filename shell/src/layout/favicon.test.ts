/** @jest-environment node */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Configuration } from 'webpack';

// The page had no icon (`<link rel="icon" href="data:,">`). The shell's
// build emits public/favicon.svg beside index.html (served by the gateway's web host at
// /favicon.svg) and html-webpack-plugin links it from the page.

type HtmlPlugin = { userOptions: { favicon?: string; templateContent?: string } };

function shellHtmlPlugin(): HtmlPlugin {
  const config = require('../../webpack.config.js') as (env: unknown, argv: object) => Configuration;
  const plugins = config({}, { mode: 'production' }).plugins ?? [];
  const html = plugins.find((plugin) => plugin?.constructor.name === 'HtmlWebpackPlugin');
  if (!html) throw new Error('the shell builds no HTML page');
  return html as unknown as HtmlPlugin;
}

describe("the shell's page icon", () => {
  it('is an SVG file the build emits and links from index.html', () => {
    const { favicon, templateContent } = shellHtmlPlugin().userOptions;
    expect(favicon).toBeDefined();
    const file = join(__dirname, '../..', favicon!);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // The empty icon that kept browsers from asking for /favicon.ico is gone.
    expect(templateContent).not.toContain('href="data:,"');
  });
});
