import { DrizzleQueryError } from 'drizzle-orm';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * `destination` is for tests that read what was logged; services log to stdout. Every error
 * logged as `err` goes through `serializeError`, so a failed statement's parameters (password
 * hashes, e-mail addresses, whatever a user typed) never reach the log.
 */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  return pino({ name, level, serializers: { err: serializeError } }, destination);
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
