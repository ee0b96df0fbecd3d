export * from './account';
export * from './auth';
export * from './messages';
export * from './column-status';
export * from './health';
export * from './realtime';
export * from './remotes';
