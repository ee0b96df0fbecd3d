import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BoardDto, ProjectDto } from '@trackboard/contracts';
import type { BenchEnv, BenchUser } from './split-env';
import type { Row } from './table';

// Three projects, a webhook each on issue.created: two receivers answer at once, the third never
// answers, so each of its deliveries times out (10 s) and is retried a minute later. Issues are
// made in the two answering projects twice a second, and one in the silent project every 20 s
// (its webhook has a delivery timing out half the time, then retries too). Measured: from the
// request that makes an issue to its delivery reaching the receiver, for the two answering
// projects. Run long enough (default 90 s, BENCH_WEBHOOK_SECONDS) for the silent webhook's
// first retries to fall inside.
const SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 90);
const EVERY_MS = 500;
const SILENT_EVERY_MS = 20_000;

type Receiver = { url: string; arrivals: Map<string, number>; deliveries: string[]; close(): Promise<void> };

/** A receiver on loopback that notes when each issue's delivery came (by title); `answer` false: it never answers. */
async function startReceiver(answer: boolean): Promise<Receiver> {
  const arrivals = new Map<string, number>();
  const deliveries: string[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      deliveries.push(String(req.headers['x-trackboard-delivery']));
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { issue: { title: string } } };
      if (!arrivals.has(data.issue.title)) arrivals.set(data.issue.title, at);
      if (answer) res.writeHead(200).end('ok');
      else held.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : NaN;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};

export async function benchWebhooks(env: BenchEnv): Promise<Row[]> {
  const [lead] = (await env.users(1)) as [BenchUser];
  const receivers = await Promise.all([startReceiver(false), startReceiver(true), startReceiver(true)]);
  const [silent] = receivers;
  try {
    const projects = await Promise.all(
      ['HOOKSILENT', 'HOOKA', 'HOOKB'].map(async (key, i) => {
        const project = await env.call<ProjectDto>('POST', '/api/projects', {
          as: lead,
          body: { name: `Webhooks ${key}`, key },
        });
        const board = await env.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, { as: lead });
        await env.call('POST', `/api/projects/${key}/webhooks`, {
          as: lead,
          body: { url: receivers[i]!.url, secret: 'bench webhook secret', events: ['issue.created'] },
        });
        return { projectId: Number(project.id), columnId: Number(board.columns[0]!.id), receiver: receivers[i]! };
      }),
    );
    const makeIssue = async (p: (typeof projects)[number], title: string) => {
      const sentAt = performance.now();
      await env.call('POST', '/api/issues', {
        as: lead,
        body: { projectId: p.projectId, columnId: p.columnId, title },
      });
      return sentAt;
    };

    const sent = new Map<string, { at: number; receiver: Receiver }>();
    const writes: Promise<unknown>[] = [];
    const started = performance.now();
    for (let tick = 0; performance.now() - started < SECONDS * 1000; tick++) {
      if ((tick * EVERY_MS) % SILENT_EVERY_MS === 0) writes.push(makeIssue(projects[0]!, `silent ${tick}`));
      for (const [i, p] of projects.slice(1).entries()) {
        const title = `answered ${i} ${tick}`;
        writes.push(makeIssue(p, title).then((at) => sent.set(title, { at, receiver: p.receiver })));
      }
      await new Promise((resolve) => setTimeout(resolve, started + (tick + 1) * EVERY_MS - performance.now()));
    }
    await Promise.all(writes);
    // The last ones' deliveries: a second or two at most when nothing holds them up.
    const deadline = performance.now() + 15_000;
    while ([...sent].some(([title, s]) => !s.receiver.arrivals.has(title)) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));

    const latencies = [...sent].flatMap(([title, s]) => {
      const arrived = s.receiver.arrivals.get(title);
      return arrived === undefined ? [] : [arrived - s.at];
    });
    const attempts = silent.deliveries.length;
    const retries = attempts - new Set(silent.deliveries).size;
    const note = `${latencies.length} of ${sent.size} delivered; silent receiver: ${attempts} attempts (${retries} of them retries), over ${SECONDS} s`;
    return [
      {
        metric: 'webhook delivery p50, beside a receiver that never answers',
        measured: median(latencies),
        unit: 'ms',
        target: { atMost: 1000 },
        note,
      },
      {
        metric: 'webhook delivery p95, beside a receiver that never answers',
        measured: percentile(latencies, 95),
        unit: 'ms',
      },
      {
        metric: 'webhook deliveries lost beside it (within 15 s of the last)',
        measured: sent.size - latencies.length,
        unit: 'count',
        target: { atMost: 0 },
      },
    ];
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
  }
}
