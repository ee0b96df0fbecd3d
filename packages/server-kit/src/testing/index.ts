export * from './test-auth';
export * from './test-database';
