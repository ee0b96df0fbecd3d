import { DrizzleQueryError } from 'drizzle-orm';
import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import { currentRequestId } from './request-context';

export type { Logger };

/**
 * Every line written while a request is answered carries its id (request-context.ts). A new
 * object each time: pino merges the line's own fields into what the mixin returns.
 */
const requestIdMixin = () => {
  const reqId = currentRequestId();
  return reqId ? { reqId } : {};
};

/**
 * Readable one-line logs for a person at a terminal, JSON for everything else (a file, a pipe, a
 * log collector); LOG_FORMAT=pretty or json decides instead.
 */
function stdoutDestination(): DestinationStream {
  const format = process.env.LOG_FORMAT;
  if (format === 'json' || (format !== 'pretty' && !process.stdout.isTTY)) return jsonDestination();
  return prettyDestination();
}

/**
 * JSON lines go to Node's own stdout stream. On a pipe it writes without blocking, queues what
 * the reader has not taken yet, and leaves the queue behind when the process exits. pino's
 * default destination (sonic-boom) writes its queue synchronously at exit instead, retrying a
 * failed write every 100 ms with no end: once the reader had gone (a pipeline ended, a supervisor
 * closed the log pipe), the "stopped" line queued behind "shutting down" failed with EPIPE inside
 * `process.exit` for ever, and a stopped process never ended.
 */
function jsonDestination(): DestinationStream {
  if (!process.stdout.listeners('error').includes(readerGone)) process.stdout.on('error', readerGone);
  return process.stdout;
}

/** A reader that has gone ends the logging (the stream is destroyed); any other write failure is thrown. */
function readerGone(err: NodeJS.ErrnoException) {
  if (err.code !== 'EPIPE') throw err;
}

/**
 * Warnings and errors are written in bold so that, at a first start, the line with the
 * administrator's generated password stands out.
 */
function prettyDestination(): DestinationStream {
  return pinoPretty({
    colorize: Boolean(process.stdout.isTTY),
    singleLine: true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    messageFormat: (log, messageKey, _label, { colors }) => {
      const message = String(log[messageKey] ?? '');
      return typeof log.level === 'number' && log.level >= 40 ? colors.bold(message) : message;
    },
  });
}

/**
 * `destination` is for tests that read what was logged; services log to stdout. Every error
 * logged as `err` goes through `serializeError`, so a failed statement's parameters (password
 * hashes, e-mail addresses, whatever a user typed) never reach the log.
 */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination: DestinationStream | undefined = level === 'silent' ? undefined : stdoutDestination(),
): Logger {
  return pino({ name, level, serializers: { err: serializeError }, mixin: requestIdMixin }, destination);
}

/** The call site of an error, without its message (a failed query's message lists the parameters). */
const frames = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');

/** A driver's own error (pg, PGlite): its `detail` and `where` quote the values. */
const isDatabaseError = (error: Error): error is Error & { code: string } =>
  typeof (error as { code?: unknown }).code === 'string' && 'severity' in error;

/**
 * An error as a log field. drizzle wraps a driver's error in a DrizzleQueryError whose message
 * and `params` hold the statement's values: of those only the statement (with its `$n`
 * placeholders) and the database's code and message are kept. The database's other fields
 * (`detail` quotes the values) are left out too.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    return {
      type: 'DrizzleQueryError',
      message: typeof cause?.message === 'string' ? cause.message : 'Failed query',
      code: cause?.code,
      query: error.query,
      stack: frames(error.stack),
    };
  }
  if (isDatabaseError(error))
    return { type: error.constructor.name, message: error.message, code: error.code, stack: frames(error.stack) };
  const { cause, ...own } = Object.fromEntries(Object.entries(error)) as Record<string, unknown>;
  const causedBy = cause ?? error.cause;
  return {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack,
    ...own,
    ...(causedBy !== undefined && { cause: serializeError(causedBy, depth + 1) }),
  };
}
