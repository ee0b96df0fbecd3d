// Split mode: the gateway alone, proxying to services listening elsewhere.
import { createLogger, listenOn, listOf, loadConfig, runMain } from '@trackboard/server-kit';
import { appConfig, remoteUrls, splitGatewayConfig } from './config';
import { createProxyForwarder } from './forwarders';
import { edgeHeaders } from './security-headers';
import { createGatewayServer } from './server';
import { createWebHost } from './web-host';

runMain('gateway', async () => {
  const config = loadConfig(splitGatewayConfig);
  const log = createLogger('gateway', config.LOG_LEVEL);
  const forwarder = createProxyForwarder(
    {
      auth: config.AUTH_SERVICE_URL,
      project: config.PROJECT_SERVICE_URL,
      board: config.BOARD_SERVICE_URL,
      admin: config.ADMIN_SERVICE_URL,
    },
    log,
  );
  const server = createGatewayServer({
    forwarder,
    web: createWebHost({ webRoot: config.WEB_ROOT, remoteUrls: remoteUrls(config), appConfig: appConfig(config) }),
    corsOrigins: listOf(config.CORS_ORIGINS),
    trustProxy: config.TRUST_PROXY,
    responseHeaders: edgeHeaders(config.PUBLIC_URL),
  });
  const port = await listenOn(server, config.PORT, config.HOST);
  log.info({ port }, 'gateway listening');
  return { log, cleanups: [() => new Promise((resolve) => server.close(resolve)), () => forwarder.close()] };
});
