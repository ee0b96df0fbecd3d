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
  let lastError: unknown;
  // A free port can be taken between asking and binding: try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startRedisServer(await freePort());
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
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

function startRedisServer(port: number): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'tb-redis-'));
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve()); // never started: there is nothing to wait for
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const fail = (why: string) =>
      void stop().then(() => reject(new Error(`${why}: set REDIS_URL, or put redis-server on PATH\n${output}`)));
    const onError = (error: Error) => fail(`redis-server did not start (${error.message})`);
    const onExit = (code: number | null) => fail(`redis-server exited with ${code}`);
    const onOutput = (data: Buffer) => {
      output += data;
      if (!output.includes('Ready to accept connections')) return;
      child.off('error', onError).off('exit', onExit);
      child.stdout!.off('data', onOutput).resume();
      child.stderr!.resume();
      resolve({ url: `redis://127.0.0.1:${port}`, stop });
    };
    child.once('error', onError).once('exit', onExit);
    child.stdout!.on('data', onOutput);
    child.stderr!.on('data', (d) => (output += d));
  });
}
