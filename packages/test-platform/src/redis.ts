import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TestRedis = { url: string; stop(): Promise<void> };

/**
 * The Redis a suite should use: REDIS_URL when set (CI, a developer's own server), otherwise a
 * private `redis-server` on a free port that lives as long as the suite. So a suite that needs
 * Redis always runs, and never passes silently for want of it. Callers share a REDIS_URL server
 * with others: they keep to their own keys and rooms and never flush it.
 */
export async function redisForTests(): Promise<TestRedis> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => undefined };
  const redis = await privateRedis();
  return { url: redis.url, stop: redis.dispose };
}

/**
 * A `redis-server` of the suite's own — never the shared one — which the test may stop and start
 * again on the same port (an outage, then recovery). No persistence: what Redis held is gone after
 * a restart, as after a crash of an unpersisted Redis.
 */
export type PrivateRedis = {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /**
   * SIGSTOP: the port stays open and connections stay up, but nothing is answered (a Redis hung
   * or cut off by the network), the harder outage to notice; `thaw` lets it go on.
   */
  freeze(): void;
  thaw(): void;
  dispose(): Promise<void>;
};

export async function privateRedis(): Promise<PrivateRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'tb-redis-'));
  let port = 0;
  let child: ChildProcess | undefined;

  async function start() {
    child = await startRedisServer(port, dir);
  }
  async function stop() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      // A frozen server would not act on SIGTERM until it runs again.
      running.kill('SIGCONT');
      running.kill('SIGTERM');
    });
  }

  let lastError: unknown;
  // A free port can be taken between asking and binding: try a few.
  for (let attempt = 0; attempt < 3 && !child; attempt++) {
    try {
      port = await freePort();
      await start();
    } catch (error) {
      lastError = error;
    }
  }
  if (!child) {
    rmSync(dir, { recursive: true, force: true });
    throw lastError;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
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

/** Starts `redis-server` on `port` and resolves once it accepts connections. */
function startRedisServer(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const fail = (why: string) => reject(new Error(`${why}: set REDIS_URL, or put redis-server on PATH\n${output}`));
    const onError = (error: Error) => fail(`redis-server did not start (${error.message})`);
    const onExit = (code: number | null) => fail(`redis-server exited with ${code}`);
    const onOutput = (data: Buffer) => {
      output += data;
      if (!output.includes('Ready to accept connections')) return;
      child.off('error', onError).off('exit', onExit);
      child.stdout!.off('data', onOutput).resume();
      child.stderr!.resume();
      resolve(child);
    };
    child.once('error', onError).once('exit', onExit);
    child.stdout!.on('data', onOutput);
    child.stderr!.on('data', (d) => (output += d));
  });
}
