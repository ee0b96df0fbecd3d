// Split mode: the gateway alone, proxying to services listening elsewhere.
import {
  createAuthenticator,
  createLogger,
  createServiceClient,
  createSqlAccessTokenLookup,
  createSqlSessionLookup,
  createTokenVerifier,
  listenOn,
  listOf,
  loadConfig,
  openConfiguredPostgres,
  processLifecycle,
  readKeys,
  runMain,
  runMigrations,
} from '@trackboard/server-kit';
import { appConfig, remoteUrls, splitGatewayConfig } from './config';
import { byService, documentsFrom } from './api-reference';
import { createProxyForwarder, type Upstreams } from './forwarders';
import { edgeHeaders } from './security-headers';
import { gatewayMigrations, releasesFor } from './releases';
import { createMcp } from './mcp/app';
import { createGatewayServer } from './server';
import { createWebHost } from './web-host';

runMain('gateway', async () => {
  const config = loadConfig(splitGatewayConfig);
  const log = createLogger('gateway', config.LOG_LEVEL);
  const upstreams: Upstreams = {
    auth: config.AUTH_SERVICE_URL,
    project: config.PROJECT_SERVICE_URL,
    board: config.BOARD_SERVICE_URL,
    admin: config.ADMIN_SERVICE_URL,
    notification: config.NOTIFICATION_SERVICE_URL,
  };
  const forwarder = createProxyForwarder(upstreams, log);
  // The gateway's own table: which release of each remote users load.
  const database = openConfiguredPostgres(config.DATABASE_URL, config);
  await runMigrations(database.db, gatewayMigrations);
  const authenticate = createAuthenticator(
    await createTokenVerifier(readKeys(config).publicKeyPem),
    createSqlSessionLookup(database.db),
    createSqlAccessTokenLookup(database.db, log),
  );
  // The API description is read from the services' own /openapi.json, as any other call.
  const documentClients = byService((service) => createServiceClient({ urls: upstreams[service], service, log }));
  const lifecycle = processLifecycle;
  // Ready while not shutting down and while every service has a replica up.
  lifecycle.addReadinessCheck(async () => {
    if (!forwarder.ready()) throw new Error('a service has no replica up');
  });
  const server = createGatewayServer({
    forwarder,
    web: createWebHost({
      webRoot: config.WEB_ROOT,
      remoteUrls: remoteUrls(config),
      appConfig: appConfig(config),
      releases: releasesFor(config, database, authenticate, log),
      mcp: createMcp({ authenticate, log }),
      ready: async () => {
        await lifecycle.checkReady();
      },
      serviceDocuments: documentsFrom(documentClients),
    }),
    corsOrigins: listOf(config.CORS_ORIGINS),
    trustProxy: config.TRUST_PROXY,
    responseHeaders: edgeHeaders(config.PUBLIC_URL),
    metricsToken: config.METRICS_TOKEN,
    lifecycle,
  });
  const port = await listenOn(server, config.PORT, config.HOST);
  log.info({ port }, 'gateway listening');
  // On SIGTERM: stop accepting, answer what is in flight (up to 10 s), close the websockets it
  // carries (their clients reconnect), then the replicas' probes and connections.
  return {
    log,
    cleanups: [
      () => server.drain(),
      () => server.closeAll(),
      () => forwarder.close(),
      ...Object.values(documentClients).map((client) => () => client.close()),
      () => database.close(),
    ],
  };
});
