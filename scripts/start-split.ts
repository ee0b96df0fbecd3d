import { startSplit } from '../gateway/src/split-launcher';

const gatewayPort = Number(process.env.PORT ?? 3000);
startSplit({
  env: process.env,
  gatewayPort,
  basePort: Number(process.env.SERVICES_BASE_PORT ?? gatewayPort + 1),
  boardReplicas: Number(process.env.BOARD_REPLICAS ?? 2),
}).then(
  (split) => {
    console.log(`Trackboard (split mode) is running at ${split.url}`);
    for (const p of split.processes) console.log(`  ${p.name.padEnd(8)} ${p.url}`);
    const stop = () => void split.stop().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
