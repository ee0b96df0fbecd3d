// What other workspaces (the test platform, benches) use of the gateway.
export { allMigrations, startEmbedded } from './embedded';
export { assemblePlatform, type Platform, type PlatformDeps } from './platform';
export { attachmentSettings } from '@trackboard/board-service';
export { routeFor, serviceNames, type ServiceName } from './route-table';
