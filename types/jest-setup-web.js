require('@testing-library/jest-dom');
// react-router needs these under jsdom.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Parts of the apps load on first use (`import()`, their own chunks). In a test file the first
// use of such a part requires and transforms its modules then — on a clean checkout with no
// transform cache, on a busy two-core machine, that alone took longer than Testing Library's
// default one-second wait for what it draws. Waits still end as soon as what they wait for shows;
// only a test that fails waits the longer time.
require('@testing-library/react').configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(20_000);
