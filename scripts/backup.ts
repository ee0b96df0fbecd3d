import { resolve } from 'node:path';
import {
  backupEmbedded,
  backupPostgres,
  baseConfig,
  ConfigError,
  loadConfig,
  restoreEmbedded,
  restorePostgres,
} from '@trackboard/server-kit';

// npm run backup / npm run restore: the same configuration as the app (DATABASE_URL decides).
// Embedded: a zip of the database and DATA_DIR/attachments (an older .tar.gz still restores).
// DATABASE_URL: pg_dump of the database only; the attachments' bucket or shared folder is the
// operator's to back up beside it (README, Operations).

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

export async function main(command: 'backup' | 'restore', args: string[]): Promise<void> {
  // A step that never settles would otherwise end the process quietly with status 0.
  process.exitCode = 1;
  try {
    const config = loadConfig(baseConfig);
    const [file] = args;
    if (command === 'backup') {
      const target = file ?? `backups/trackboard-${stamp()}.${config.DATABASE_URL ? 'dump' : 'zip'}`;
      if (config.DATABASE_URL) await backupPostgres(config.DATABASE_URL, target);
      else {
        const how = await backupEmbedded(config.DATA_DIR, target);
        if (how === 'running') console.log('(written by the running Trackboard process)');
      }
      console.log(`Backup written to ${resolve(target)}`);
    } else {
      if (!file) throw new ConfigError('Usage: npm run restore FILE');
      if (config.DATABASE_URL) await restorePostgres(file, config.DATABASE_URL);
      else await restoreEmbedded(file, config.DATA_DIR);
      console.log(`Restored ${resolve(file)} into ${config.DATABASE_URL ? 'the database' : resolve(config.DATA_DIR)}`);
    }
    process.exitCode = 0;
  } catch (err) {
    console.error(`${command} failed: ${(err as Error).message}`);
    process.exit(1);
  }
}
