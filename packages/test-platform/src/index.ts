export { ADMIN } from './admin';
export * from './platform';
export * from './given';
export * from './client-addresses';
export * from './authorization-table';
export { checkContract } from './contract-check';
