// Service suites in this project run on the real PostgreSQL server at DATABASE_URL.
process.env.TEST_DB = 'postgres';
jest.setTimeout(30_000);
