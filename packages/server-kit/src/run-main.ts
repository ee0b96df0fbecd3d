import { baseConfig, ConfigError } from './config';
import { createLogger, type Logger } from './logger';
import { collectProcessMetrics } from './metrics';
import { onShutdown } from './serve';

/**
 * A started process: its logger, and what SIGINT/SIGTERM undo, in order — the servers' graceful
 * stop first (stop accepting, let requests in flight finish), then sockets, relays, Redis and
 * the database.
 */
export type Running = { log: Logger; cleanups: (() => Promise<unknown> | unknown)[] };

/**
 * Every process's entry point (the gateway, embedded mode, each service): start, then stop
 * cleanly on a signal. A failed start ends the process with status 1 — a wrong setting with
 * the message that names the variable, anything else with the error.
 */
export function runMain(name: string, start: () => Promise<Running>): void {
  collectProcessMetrics();
  start().then(
    ({ log, cleanups }) => onShutdown(log, cleanups),
    (err: unknown) => {
      // The configured level when it is a valid one (a wrong LOG_LEVEL may be why we are here).
      const log = createLogger(
        name,
        baseConfig.shape.LOG_LEVEL.safeParse(process.env.LOG_LEVEL || undefined).data ?? 'info',
      );
      if (err instanceof ConfigError) log.fatal(err.message);
      else log.fatal({ err }, 'failed to start');
      process.exit(1);
    },
  );
}
