export { ADMIN } from './admin';
export * from './platform';
