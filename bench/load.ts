import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

export type LoadResult = { requests: number; errors: number; seconds: number; latenciesMs: number[] };
type Headers = Record<string, string>;

/** One GET over the agent's keep-alive connections, timed to the last body byte; null when it failed. */
function timedGet(agent: Agent, url: URL, headers: Headers): Promise<number | null> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - t0 : null));
      },
    );
    req.on('error', () => resolve(null));
    req.end();
  });
}

/** `concurrency` clients, each sending its next request when the last has answered, until `seconds` are up. */
async function closedLoop(concurrency: number, seconds: number, next: (client: number) => Promise<void>) {
  const stopAt = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      while (performance.now() < stopAt) await next(client);
    }),
  );
  return (performance.now() - started) / 1000;
}

/**
 * Closed-loop load: `concurrency` keep-alive clients each send the next request when the last
 * answers. Several URLs are used in turn (replicas, as the gateway uses them).
 */
export async function runLoad(
  urls: string | string[],
  { concurrency, seconds, headers = {} }: { concurrency: number; seconds: number; headers?: Headers },
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const targets = (Array.isArray(urls) ? urls : [urls]).map((url) => new URL(url));
  const latenciesMs: number[] = [];
  let errors = 0;
  let turn = 0;
  const elapsed = await closedLoop(concurrency, seconds, async () => {
    const ms = await timedGet(agent, targets[turn++ % targets.length]!, headers);
    if (ms === null) errors++;
    else latenciesMs.push(ms);
  });
  agent.destroy();
  return { requests: latenciesMs.length + errors, errors, seconds: elapsed, latenciesMs };
}

/**
 * The same route two ways, in pairs: each client sends one request directly (replicas in turn)
 * and one through the gateway, the order swapped every pair, so both ways meet the same moment
 * of a busy machine. With one client nothing else runs while a request is timed.
 */
export async function pairedLoad(
  direct: string[],
  viaGateway: string,
  { concurrency, seconds, headers = {} }: { concurrency: number; seconds: number; headers?: Headers },
): Promise<{ direct: LoadResult; viaGateway: LoadResult }> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency * 2 });
  const ways = {
    direct: { urls: direct.map((u) => new URL(u)), latenciesMs: [] as number[], errors: 0, turn: 0 },
    viaGateway: { urls: [new URL(viaGateway)], latenciesMs: [] as number[], errors: 0, turn: 0 },
  };
  let pairs = 0;
  const send = async (way: (typeof ways)['direct']) => {
    const ms = await timedGet(agent, way.urls[way.turn++ % way.urls.length]!, headers);
    if (ms === null) way.errors++;
    else way.latenciesMs.push(ms);
  };
  const elapsed = await closedLoop(concurrency, seconds, async () => {
    const order = pairs++ % 2 === 0 ? [ways.direct, ways.viaGateway] : [ways.viaGateway, ways.direct];
    for (const way of order) await send(way);
  });
  agent.destroy();
  const result = (way: (typeof ways)['direct']): LoadResult => ({
    requests: way.latenciesMs.length + way.errors,
    errors: way.errors,
    seconds: elapsed,
    latenciesMs: way.latenciesMs,
  });
  return { direct: result(ways.direct), viaGateway: result(ways.viaGateway) };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A process's command name, parent and CPU seconds (user + system) so far, from /proc/<pid>/stat. */
function statOf(pid: number): { ppid: number; name: string; cpu: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  // utime and stime, in ticks of USER_HZ (100 on Linux)
  return { ppid: Number(fields[1]), name, cpu: (Number(fields[11]) + Number(fields[12])) / 100 };
}

/** CPU seconds (user + system) a process has used so far. */
export const cpuSeconds = (pid: number): number => statOf(pid).cpu;

/** Every process on the machine with its command name, parent and CPU seconds so far. */
function processTable(): { pid: number; ppid: number; name: string; cpu: number }[] {
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      return [{ pid: Number(entry), ...statOf(Number(entry)) }];
    } catch {
      return []; // gone while the table was read
    }
  });
}

/**
 * CPU seconds used so far by each part of a bench: this process (the load), each child it started
 * (named by `nameOf`, e.g. gateway, board-1), PostgreSQL's and Redis's processes. Two readings
 * subtracted say where the CPU of what happened between them went, which a busy machine's wall
 * clock cannot.
 */
export function cpuByPart(nameOf: (pid: number) => string | undefined): Map<string, number> {
  const parts = new Map<string, number>();
  const add = (part: string, cpu: number) => parts.set(part, (parts.get(part) ?? 0) + cpu);
  const own = process.cpuUsage();
  add('load (bench)', (own.user + own.system) / 1e6);
  for (const p of processTable()) {
    if (p.ppid === process.pid) add(nameOf(p.pid) ?? 'other service', p.cpu);
    else if (p.name === 'postgres') add('PostgreSQL', p.cpu);
    else if (p.name.startsWith('redis-server')) add('Redis', p.cpu);
  }
  return parts;
}

/** What each part used between two readings of `cpuByPart`, in ms per `count` operations. */
export function cpuPerOperation(before: Map<string, number>, after: Map<string, number>, count: number) {
  return [...after].map(([part, cpu]) => ({ part, ms: ((cpu - (before.get(part) ?? 0)) * 1000) / count }));
}
