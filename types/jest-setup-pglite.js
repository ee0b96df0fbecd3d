// Service suites in this project run on an in-process PGlite database.
process.env.TEST_DB = 'pglite';
