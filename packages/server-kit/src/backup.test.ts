import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPromise, type Entry } from 'yauzl';
import { backupEmbedded, restoreEmbedded } from './backup';

// Embedded backups on a real PGlite data folder: the zip holds the database's snapshot and the
// attachments' folder, and restores both; a backup from before (the snapshot alone) still restores.
const scratch = mkdtempSync(join(tmpdir(), 'tb-backup-unit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const photo = randomBytes(300_000);
const note = Buffer.from('meeting notes\n');

/** A data folder as Trackboard leaves it: a database that has run its migrations, two stored files and the store's scratch file. */
async function givenDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(scratch, 'data-'));
  const db = await PGlite.create(join(dataDir, 'pgdata'));
  await db.exec(`create table public.trackboard_migrations (name text);
    insert into public.trackboard_migrations values ('0001_init')`);
  await db.close();
  const issue = join(dataDir, 'attachments', 'p1', 'i2');
  mkdirSync(issue, { recursive: true });
  writeFileSync(join(issue, 'aaaa'), photo);
  writeFileSync(join(issue, 'bbbb'), note);
  writeFileSync(join(issue, '.upload-cccc'), 'half an upload');
  return dataDir;
}

/** The zip's entries and each one's bytes. */
async function unzip(file: string): Promise<Map<string, Buffer>> {
  const zip = await openPromise(file, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const pieces: Buffer[] = [];
        stream.on('data', (piece: Buffer) => pieces.push(piece));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(pieces));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

async function migrationsIn(dataDir: string): Promise<string[]> {
  const db = await PGlite.create(join(dataDir, 'pgdata'));
  try {
    return (await db.query<{ name: string }>('select name from public.trackboard_migrations')).rows.map((r) => r.name);
  } finally {
    await db.close();
  }
}

// Opening PGlite costs seconds on a busy machine, so the three cases share one data folder and
// its one backup.
describe('embedded backups', () => {
  let backup: string;
  let stoppedOrRunning: string;
  beforeAll(async () => {
    const dataDir = await givenDataDir();
    backup = join(scratch, 'with-files.zip');
    stoppedOrRunning = await backupEmbedded(dataDir, backup);
  }, 60_000);

  it('zips the database and the attachments, and restores both with identical bytes', async () => {
    expect(stoppedOrRunning).toBe('stopped');
    const entries = await unzip(backup);
    // The store's scratch file is no attachment.
    expect([...entries.keys()].sort()).toEqual(['attachments/p1/i2/aaaa', 'attachments/p1/i2/bbbb', 'database.tar.gz']);
    expect(entries.get('database.tar.gz')!.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    const restored = mkdtempSync(join(scratch, 'restored-'));
    await restoreEmbedded(backup, restored);
    expect(readFileSync(join(restored, 'attachments', 'p1', 'i2', 'aaaa')).equals(photo)).toBe(true);
    expect(readFileSync(join(restored, 'attachments', 'p1', 'i2', 'bbbb')).equals(note)).toBe(true);
    expect(await migrationsIn(restored)).toEqual(['0001_init']);
    await expect(restoreEmbedded(backup, restored)).rejects.toThrow(
      'already holds a database: restore into an empty data folder',
    );
  });

  it('restores a backup from before attachments were kept: the snapshot alone', async () => {
    // An older backup was exactly these bytes, a gzipped tar.
    const old = join(scratch, 'old.tar.gz');
    writeFileSync(old, (await unzip(backup)).get('database.tar.gz')!);

    const restored = mkdtempSync(join(scratch, 'restored-old-'));
    await restoreEmbedded(old, restored);
    expect(await migrationsIn(restored)).toEqual(['0001_init']);
  });

  it('never mixes a backup into attachments already there, and refuses what is no backup', async () => {
    const target = mkdtempSync(join(scratch, 'has-files-'));
    mkdirSync(join(target, 'attachments', 'p9'), { recursive: true });
    writeFileSync(join(target, 'attachments', 'p9', 'x'), 'x');
    await expect(restoreEmbedded(backup, target)).rejects.toThrow('already holds attachments');

    const text = join(scratch, 'notes.txt');
    writeFileSync(text, 'not a backup');
    await expect(restoreEmbedded(text, mkdtempSync(join(scratch, 'empty-')))).rejects.toThrow(
      'is not an embedded backup',
    );
  });
});
