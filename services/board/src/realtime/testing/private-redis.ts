import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A `redis-server` of this suite's own, which the test stops and starts again on the same port
 * (an outage, then recovery) — never the shared one. No persistence: what Redis held is gone
 * after a restart, as after a crash of an unpersisted Redis.
 */
export type PrivateRedis = { url: string; stop(): Promise<void>; start(): Promise<void>; dispose(): Promise<void> };

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'tb-outage-redis-'));
  let child: ChildProcess | undefined;

  async function start() {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const failed = (code: number | null) => reject(new Error(`redis-server exited with ${code}\n${output}`));
      const onOutput = (d: Buffer) => {
        output += d;
        if (!output.includes('Ready to accept connections')) return;
        started.off('exit', failed).off('error', reject);
        started.stdout!.off('data', onOutput).resume();
        started.stderr!.resume();
        resolve();
      };
      started.once('error', reject).once('exit', failed);
      started.stderr!.on('data', (d) => (output += d));
      started.stdout!.on('data', onOutput);
    });
  }

  async function stop() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
