export * from './access-tokens';
export * from './account';
export * from './admin';
export * from './api';
export * from './auth';
export * from './messages';
export * from './notifications';
export * from './passwords';
export * from './plain-excerpt';
export * from './boards';
export * from './column-status';
// Types only: the event schemas are for servers (`@trackboard/contracts/events`).
export type * from './events';
export * from './health';
export * from './ids';
// Types only, like the events that carry them (servers: `@trackboard/contracts/events`).
export type * from './issue-details';
export * from './issue-rules';
export * from './permissions';
export * from './projects';
export * from './project-transfer';
export * from './realtime';
export * from './remotes';
export * from './rules';
export * from './search';
export * from './text';
export * from './text-cut';
export * from './undo';
export * from './webhooks';
