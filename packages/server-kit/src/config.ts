import { z } from 'zod';

export class ConfigError extends Error {}

/** Settings every process reads (blueprint §8); services extend it with their own. */
export const baseConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Connections one process (one replica) keeps open to PostgreSQL at most. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * false behind a transaction pooler that cannot follow prepared statements (PgBouncer before
   * 1.21): every statement goes unnamed, so none depends on the server connection it was parsed on.
   */
  DATABASE_NAMED_STATEMENTS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where users reach the app; without a trailing slash, so links are `${PUBLIC_URL}/path`. */
  PUBLIC_URL: z
    .url()
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  CORS_ORIGINS: z.string().default(''),
  APP_NAME: z.string().min(1).default('Trackboard'),
  APP_PROVIDER: z.string().min(1).default('Trackboard'),
  /** Unset: the first administrator's address (ADMIN_EMAIL), else admin@trackboard.local. */
  SUPPORT_EMAIL: z.email().optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Trackboard <no-reply@trackboard.local>'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PUBLIC_KEY: z.string().optional(),
  /** When set, GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Webhooks may target private, loopback and link-local addresses (tests, a closed network). */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});
export type BaseConfig = z.infer<typeof baseConfig>;

/** Reads the environment through a schema; a wrong value names the variable. */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  // An empty variable counts as unset (VAR= in a shell or compose file).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
}

/** Comma-separated list → array, blanks dropped. */
export const listOf = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
