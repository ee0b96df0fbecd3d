import { startSplit, type Split } from '../gateway/src/split-launcher';

const port = Number(process.env.PORT ?? 3000);
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

function replicaCount(name: string, fallback: number): number {
  const value = process.env[name] ? Number(process.env[name]) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > 16) {
    console.error(`${name}: must be a whole number from 1 to 16`);
    process.exit(1);
  }
  return value;
}

// GATEWAYS=2 or more: HAProxy on PORT in front of them (HAPROXY_PATH, else haproxy on the PATH or in /usr/sbin), the
// first gateway on the next port.
const gateways = replicaCount('GATEWAYS', 1);
const gatewayPort = gateways > 1 ? port + 1 : port;

startSplit({
  env: process.env,
  gatewayPort,
  gateways,
  loadBalancer: gateways > 1 ? { port } : undefined,
  basePort: Number(process.env.SERVICES_BASE_PORT ?? gatewayPort + 1),
  // How many replicas of each service: BOARD_REPLICAS (2), AUTH_REPLICAS, PROJECT_REPLICAS, ADMIN_REPLICAS,
  // NOTIFICATION_REPLICAS (1).
  boardReplicas: replicaCount('BOARD_REPLICAS', 2),
  replicas: {
    auth: replicaCount('AUTH_REPLICAS', 1),
    project: replicaCount('PROJECT_REPLICAS', 1),
    admin: replicaCount('ADMIN_REPLICAS', 1),
    notification: replicaCount('NOTIFICATION_REPLICAS', 1),
  },
  signal: stopping.signal,
}).then(
  (started) => {
    split = started;
    console.log(`Trackboard (split mode) is running at ${started.url}`);
    for (const p of started.processes) console.log(`  ${p.name.padEnd(12)} ${p.url}`);
  },
  (err: Error) => {
    if (stopping.signal.aborted) process.exit(0);
    console.error(err.message);
    process.exit(1);
  },
);
