export { ADMIN } from './admin';
export * from './platform';
export * from './given';
export { checkContract } from './contract-check';
