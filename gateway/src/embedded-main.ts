import { ConfigError, createLogger, onShutdown } from '@trackboard/server-kit';
import { startEmbedded } from './embedded';

const log = createLogger('trackboard', process.env.LOG_LEVEL ?? 'info');
startEmbedded(process.env, log).then(
  (app) => {
    log.info(`Trackboard is running at ${app.url}`);
    onShutdown(log, () => app.close());
  },
  (err) => {
    if (err instanceof ConfigError) log.fatal(err.message);
    else log.fatal({ err }, 'failed to start');
    process.exit(1);
  },
);
