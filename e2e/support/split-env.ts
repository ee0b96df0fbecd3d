import type { KeyMaterial } from '@trackboard/server-kit';
import { requireEnv } from './environment';

/**
 * What every split deployment a journey starts needs: its scratch database, the shared Redis, one
 * key pair for all its processes, a data folder and its first administrator; quiet logs.
 */
export const splitTestEnv = ({
  databaseUrl,
  keys,
  dataDir,
  admin,
}: {
  databaseUrl: string;
  keys: Required<KeyMaterial>;
  dataDir: string;
  admin: { email: string; password: string };
}): Record<string, string> => ({
  DATABASE_URL: databaseUrl,
  REDIS_URL: requireEnv('REDIS_URL'),
  JWT_PUBLIC_KEY: keys.publicKeyPem,
  JWT_PRIVATE_KEY: keys.privateKeyPem,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
});
