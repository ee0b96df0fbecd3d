import { startSplit, type Split } from '../gateway/src/split-launcher';

const gatewayPort = Number(process.env.PORT ?? 3000);
// Listening from the first moment: a signal while the services are still starting stops the
// ones already launched, and one after stops them all, before this process exits.
const stopping = new AbortController();
let split: Split | undefined;
const stop = () => {
  stopping.abort();
  void split?.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

startSplit({
  env: process.env,
  gatewayPort,
  basePort: Number(process.env.SERVICES_BASE_PORT ?? gatewayPort + 1),
  boardReplicas: Number(process.env.BOARD_REPLICAS ?? 2),
  signal: stopping.signal,
}).then(
  (started) => {
    split = started;
    console.log(`Trackboard (split mode) is running at ${started.url}`);
    for (const p of started.processes) console.log(`  ${p.name.padEnd(8)} ${p.url}`);
  },
  (err: Error) => {
    if (stopping.signal.aborted) process.exit(0);
    console.error(err.message);
    process.exit(1);
  },
);
