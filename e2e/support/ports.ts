import { createServer } from 'node:net';

/** Ports free right now on 127.0.0.1 (the OS hands out distinct ones while all are held). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<import('node:net').Server>((resolve) => {
          const server = createServer();
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as import('node:net').AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/** A run of consecutive free ports starting at the returned number. */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    // Below Linux's ephemeral range (32768+), where outgoing connections take their ports.
    const start = 20000 + Math.floor(Math.random() * 12000);
    const ok = await Promise.all(
      Array.from(
        { length: count },
        (_, i) =>
          new Promise<boolean>((resolve) => {
            const server = createServer();
            server.once('error', () => resolve(false));
            server.listen(start + i, '127.0.0.1', () => server.close(() => resolve(true)));
          }),
      ),
    );
    if (ok.every(Boolean)) return start;
  }
  throw new Error('no free port range');
}
