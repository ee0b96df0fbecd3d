// Split mode: the gateway alone, proxying to services listening elsewhere.
import { ConfigError, createLogger, listOf, loadConfig, onShutdown } from '@trackboard/server-kit';
import { appConfig, remoteUrls, splitGatewayConfig } from './config';
import { createProxyForwarder } from './forwarders';
import { createGatewayServer } from './server';
import { createWebHost } from './web-host';

let log = createLogger('gateway');
try {
  const config = loadConfig(splitGatewayConfig);
  log = createLogger('gateway', config.LOG_LEVEL);
  const forwarder = createProxyForwarder(
    { auth: config.AUTH_SERVICE_URL, project: config.PROJECT_SERVICE_URL, board: config.BOARD_SERVICE_URL, admin: config.ADMIN_SERVICE_URL },
    log,
  );
  const server = createGatewayServer({
    forwarder,
    web: createWebHost({ webRoot: config.WEB_ROOT, remoteUrls: remoteUrls(config), appConfig: appConfig(config) }),
    corsOrigins: listOf(config.CORS_ORIGINS),
  });
  server.listen(config.PORT, config.HOST, () => log.info({ port: config.PORT }, 'gateway listening'));
  onShutdown(log, () => new Promise((resolve) => server.close(resolve)), () => forwarder.close());
} catch (err) {
  if (err instanceof ConfigError) log.fatal(err.message);
  else log.fatal({ err }, 'failed to start');
  process.exit(1);
}
