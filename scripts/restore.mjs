// npm run restore FILE — loads a backup into an empty data folder (DATA_DIR) or, with DATABASE_URL,
// an empty database. See scripts/backup.ts.
await import('tsx');
// tsx hands a CommonJS module's exports over as `default`.
const { main } = (await import('./backup.ts')).default;
await main('restore', process.argv.slice(2));
