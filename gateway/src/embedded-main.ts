import { runMain } from '@trackboard/server-kit';
import { startEmbedded } from './embedded';

runMain('trackboard', async () => {
  const embedded = await startEmbedded(process.env);
  embedded.log.info(`Trackboard is running at ${embedded.url}`);
  return { log: embedded.log, cleanups: [() => embedded.close()] };
});
