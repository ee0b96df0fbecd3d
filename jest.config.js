// One jest config, several projects: `server` (services, gateway and packages on PGlite),
// `server-pg` (the suites whose subject is the SQL engine, `*.db.test.ts`, again on real PostgreSQL;
// only with DATABASE_URL), `web` (jsdom + Testing Library; a file that never touches the DOM says
// `@jest-environment node`) and `e2e` (real processes, Redis and Chromium).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
// ESM-only packages that jest (CommonJS mode) must transform.
const esmPackages = [
  '@electric-sql/pglite',
  'jose',
  'fractional-indexing',
  'react-dnd',
  'react-dnd-html5-backend',
  'dnd-core',
  '@react-dnd',
  // The board's touch drag: the multi-backend, the touch backend and the preview under them.
  'react-dnd-touch-backend',
  'react-dnd-multi-backend',
  'dnd-multi-backend',
  'react-dnd-preview',
  // mf-boards' Markdown renderer: react-markdown, remark-gfm and the unified packages under them.
  'react-markdown',
  'remark-[^/]+',
  'micromark[^/]*',
  '(?:mdast|hast|unist|estree)-util-[^/]+',
  'unified',
  'vfile[^/]*',
  'bail',
  'trough',
  'devlop',
  'zwitch',
  'ccount',
  'longest-streak',
  'markdown-table',
  'trim-lines',
  'escape-string-regexp',
  'property-information',
  '(?:comma|space)-separated-tokens',
  'character-(?:entities|reference)[^/]*',
  '(?:decode-named-character-reference|parse-entities|stringify-entities|html-url-attributes)',
  'is-(?:alphabetical|alphanumerical|decimal|hexadecimal|plain-obj)',
  '@ungap/structured-clone',
  // The board service's upload sniffing: file-type and the tokenizers under it.
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  'uint8array-extras',
  '@borewit',
  // Single sign-on: openid-client and oauth4webapi under it; the tests' OpenID provider and its own.
  'openid-client',
  'oauth4webapi',
  'oidc-provider',
  'nanoid',
  'quick-lru',
  'eta',
];
const base = {
  transform: { '^.+\\.(t|j|mj|cj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.module\\.css$': '<rootDir>/types/css-module-stub.js',
    '\\.css$': '<rootDir>/types/css-module-stub.js',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/.tmp/'],
};
/**
 * One of the `web` projects (jsdom + Testing Library; all answer to `--selectProjects web`).
 * `appSetup` is the app's own setup (its fake socket server, the stores reset before each test):
 * docs/decisions/0032-one-jest-setup-per-app.md.
 */
const webProject = (testMatch, appSetup) => ({
  ...base,
  displayName: 'web',
  testEnvironment: 'jsdom',
  testMatch,
  setupFilesAfterEnv: ['<rootDir>/types/jest-setup-web.js', ...(appSetup ? [appSetup] : [])],
  // What the web build defines (packages/web-kit/webpack/create-config.cjs): a remote's root shows it.
  globals: { __REMOTE_BUILD_VERSION__: 'test' },
});

const serverTests = [
  '<rootDir>/packages/{contracts,server-kit}/**/*.test.ts',
  '<rootDir>/services/**/*.test.ts',
  '<rootDir>/gateway/**/*.test.ts',
  // The Kubernetes manifests, rendered and checked against the code (needs kubectl).
  '<rootDir>/deploy/**/*.test.ts',
];

const projects = [
  {
    ...base,
    displayName: 'server',
    testEnvironment: '<rootDir>/types/jest-environment-server.js',
    testMatch: serverTests,
    setupFilesAfterEnv: ['<rootDir>/types/jest-setup-pglite.js'],
  },
  // web-kit's own tests, then each app's with the setup its test files share.
  webProject(['<rootDir>/packages/web-kit/**/*.test.{ts,tsx}']),
  // The shell and the two remotes without a store of their own start each test signed out.
  ...['shell', 'mf-projects', 'mf-admin'].map((app) =>
    webProject(
      [`<rootDir>/${app}/src/**/*.test.{ts,tsx}`],
      '<rootDir>/packages/web-kit/src/testing/jest-setup-signed-out.ts',
    ),
  ),
  // mf-boards starts each test from an empty board store.
  webProject(['<rootDir>/mf-boards/src/**/*.test.{ts,tsx}'], '<rootDir>/mf-boards/src/testing/jest-setup.ts'),
  {
    ...base,
    displayName: 'e2e',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/e2e/**/*.test.ts'],
    setupFilesAfterEnv: ['<rootDir>/types/jest-setup-e2e.js'],
    // One embedded app and one Chromium per worker, shared by the journeys that need no
    // configuration of their own (e2e/support/journey.ts), started and stopped once per run.
    globalSetup: '<rootDir>/e2e/support/global-setup.ts',
    globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  },
];
if (process.env.DATABASE_URL) {
  projects.push({
    ...base,
    displayName: 'server-pg',
    testEnvironment: '<rootDir>/types/jest-environment-server.js',
    // Locks, concurrency, SQL functions, search, migrations and claims behave differently on a
    // server with many connections than on PGlite's single one; everything else runs once.
    testMatch: [
      '<rootDir>/services/**/*.db.test.ts',
      '<rootDir>/packages/server-kit/**/*.db.test.ts',
      '<rootDir>/gateway/**/*.db.test.ts',
    ],
    setupFilesAfterEnv: ['<rootDir>/types/jest-setup-postgres.js'],
  });
}
module.exports = { projects };
