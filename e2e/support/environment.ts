import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The suites that need real PostgreSQL and Redis say so instead of passing quietly. */
export function requireEnv(name: 'DATABASE_URL' | 'REDIS_URL'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set for this suite (CI sets it; see README "Testing").`);
  return value;
}

/** A database of its own for one suite, dropped afterwards. */
export async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = requireEnv('DATABASE_URL');
  const name = `tb_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
