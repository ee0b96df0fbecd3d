// Lint rules, including the import fences: services never import each other; remotes never
// import the shell or each other; packages import only contracts; browser code never loads the
// server-side event schemas.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const services = ['auth', 'project', 'board', 'admin', 'notification'];
const remotes = ['mf-boards', 'mf-projects', 'mf-admin'];
// Browser code takes the domain events' types from the contracts index; the schemas behind them
// (`@trackboard/contracts/events`, zod) are for servers and would only grow a bundle.
const serverOnly = [
  { group: ['@trackboard/contracts/events'], message: 'Browser code imports event types from @trackboard/contracts.' },
];
const fence = (patterns, message, more = []) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [...patterns.map((group) => ({ group: [group], message })), ...more] },
  ],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  { files: ['types/*.js', '**/*.test.{ts,tsx}'], languageOptions: { globals: globals.jest } },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...services.map((s) => ({
    files: [`services/${s}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: fence(
      [
        ...services
          .filter((o) => o !== s)
          .flatMap((o) => [`@trackboard/${o}-service`, `**/services/${o}/**`, `../../${o}/**`]),
        '@trackboard/gateway',
        '**/gateway/**',
        '@trackboard/test-platform',
      ],
      'A service never imports another service or the gateway: call its API or read the view it publishes.',
    ),
  })),
  // Service tests arrange state through the whole back end (packages/test-platform, a test-only
  // workspace that assembles every service the way the gateway does),
  // but still never reach into another service's code.
  ...services.map((s) => ({
    files: [`services/${s}/**/*.test.ts`, `services/${s}/**/testing/**/*.ts`],
    rules: fence(
      services
        .filter((o) => o !== s)
        .flatMap((o) => [`@trackboard/${o}-service`, `**/services/${o}/**`, `../../${o}/**`]),
      'A service test arranges other services through the test platform, never their code.',
    ),
  })),
  ...remotes.map((r) => ({
    files: [`${r}/**/*.{ts,tsx}`],
    rules: fence(
      [
        '@trackboard/shell',
        '**/shell/**',
        ...remotes.filter((o) => o !== r).flatMap((o) => [`@trackboard/${o}`, `**/${o}/**`]),
      ],
      'A remote imports only packages/*: never the shell or another remote.',
      serverOnly,
    ),
  })),
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: fence(
      remotes.flatMap((o) => [`@trackboard/${o}`, `**/${o}/**`]),
      'The shell loads remotes at runtime (Module Federation), never by import.',
      serverOnly,
    ),
  },
  {
    files: ['packages/**/*.{ts,tsx}'],
    ignores: ['packages/test-platform/**'],
    rules: fence(
      [
        '@trackboard/*-service',
        '@trackboard/gateway',
        '@trackboard/shell',
        '@trackboard/mf-*',
        '**/services/**',
        '**/gateway/**',
      ],
      'packages/* import nothing of ours except contracts.',
    ),
  },
);
