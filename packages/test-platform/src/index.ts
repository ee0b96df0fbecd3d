export { ADMIN } from './admin';
export * from './platform';
export * from './given';
