// npm run backup [FILE] — a consistent snapshot of the embedded data folder (DATA_DIR, default ./data;
// Trackboard may be running) or, with DATABASE_URL, pg_dump of that database. See scripts/backup.ts.
await import('tsx');
// tsx hands a CommonJS module's exports over as `default`.
const { main } = (await import('./backup.ts')).default;
await main('backup', process.argv.slice(2));
