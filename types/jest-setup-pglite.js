// Service suites in this project run on an in-process PGlite database.
process.env.TEST_DB = 'pglite';
// A suite's first database is made from migrations (~1–2 s, slower with every worker busy).
jest.setTimeout(30_000);
