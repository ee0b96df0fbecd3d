import { Agent, request } from 'node:http';

export type LoadResult = { requests: number; errors: number; seconds: number; latenciesMs: number[] };

/** Closed-loop load: `concurrency` keep-alive clients each send the next request when the last answers. */
export async function runLoad(
  url: string,
  { concurrency, seconds, headers = {} }: { concurrency: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  const latenciesMs: number[] = [];
  let errors = 0;
  const stopAt = performance.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = request(
        { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            latenciesMs.push(performance.now() - t0);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < stopAt) await once();
    }),
  );
  agent.destroy();
  return { requests: latenciesMs.length, errors, seconds: (performance.now() - started) / 1000, latenciesMs };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function cpuSeconds(pid: number): number {
  const { readFileSync } = require('node:fs') as typeof import('node:fs');
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return ticks / 100; // USER_HZ is 100 on Linux
}
