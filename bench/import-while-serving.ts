import type { ImportJobDto, ProjectDto, SessionResponse } from '@trackboard/contracts';
import { startEmbeddedApp } from '@trackboard/e2e/support/app-process';
import { ADMIN } from '@trackboard/test-platform/admin';
import { percentile } from './load';
import type { BenchEnv, BenchUser } from './split-env';
import type { Row } from './table';

// An import must never stop the instance serving others. A 50,000-issue CSV is imported while
// another client fetches a 500-issue board over and over, one fetch after another, in embedded
// mode (one process, PGlite: one connection for everyone) and in split mode (through the
// gateway); the fetches' p99 while the import runs is the figure.
const ISSUES = Number(process.env.BENCH_IMPORT_ISSUES ?? 50_000);
const BOARD_ISSUES = 500;
const TARGET_P99_MS = 200;

/** A CSV of `rows` issues with what a real one has: a status, labels, a priority, a description. */
export function issuesCsv(rows: number): string {
  const statuses = ['To Do', 'In Progress', 'Done'];
  const lines = Array.from(
    { length: rows },
    (_, n) =>
      `Issue ${n + 1}: tidy the ${['login', 'search', 'export', 'board'][n % 4]},${statuses[n % 3]},"api; ui",${
        ['Low', 'Medium', 'High'][n % 3]
      },"Steps for issue ${n + 1}, with some words to carry."`,
  );
  return `Title,Status,Labels,Priority,Description\n${lines.join('\n')}\n`;
}

export type Client = { url: string; headers: Record<string, string> };

export async function startImport(as: Client, key: string, rows: number): Promise<ImportJobDto> {
  const res = await fetch(`${as.url}/api/imports?format=csv&key=${key}&name=${key}`, {
    method: 'POST',
    headers: { ...as.headers, 'content-type': 'text/csv' },
    body: issuesCsv(rows),
  });
  if (res.status !== 202) throw new Error(`import answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as ImportJobDto;
}

const readJob = async (as: Client, id: string) =>
  (await (await fetch(`${as.url}/api/imports/${id}`, { headers: as.headers })).json()) as ImportJobDto;
const unfinished = (job: ImportJobDto) => job.status === 'queued' || job.status === 'running';

export async function finishedImport(as: Client, job: ImportJobDto): Promise<ImportJobDto> {
  while (unfinished(job)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await readJob(as, job.id);
  }
  if (job.status !== 'succeeded') throw new Error(`import ${job.status}: ${JSON.stringify(job.error)}`);
  return job;
}

/** The fetches of `boardId` by `reader`, one after another, for as long as the big import runs. */
async function measure(mode: string, importer: Client, reader: Client, boardId: string): Promise<Row[]> {
  const fetchBoard = async () => {
    const started = performance.now();
    const res = await fetch(`${reader.url}/api/boards/${boardId}`, { headers: reader.headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`board fetch answered ${res.status}`);
    return performance.now() - started;
  };
  await fetchBoard(); // the reader's board answer, warm as it is for someone looking at it
  const key = `BIG${Date.now().toString(36).slice(-6).toUpperCase()}`;
  const started = performance.now();
  let job = await startImport(importer, key, ISSUES);
  const ms: number[] = [];
  let watching = true;
  const reading = (async () => {
    while (watching) ms.push(await fetchBoard());
  })();
  job = await finishedImport(importer, job);
  watching = false;
  await reading;
  const took = performance.now() - started;
  return [
    {
      metric: `import (${mode}): board fetch p99 while ${job.total.toLocaleString('en')} issues are imported`,
      measured: percentile(ms, 99),
      unit: 'ms',
      target: { atMost: TARGET_P99_MS },
      note: `${ms.length} fetches, p50 ${percentile(ms, 50).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms; import took ${(took / 1000).toFixed(1)} s`,
    },
  ];
}

/** The first administrator of an embedded app the bench started, signed in. */
export async function embeddedAdmin(url: string): Promise<Client & { token: string }> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as SessionResponse;
  return { url, token, headers: { authorization: `Bearer ${token}` } };
}

/** Embedded mode: its own `npm start` process; the administrator imports and fetches (PGlite's one connection serves all alike). */
export async function benchImportEmbedded(): Promise<Row[]> {
  const app = await startEmbeddedApp({ TRUST_PROXY: 'loopback' });
  try {
    const as = await embeddedAdmin(app.url);
    const small = await finishedImport(as, await startImport(as, 'READ', BOARD_ISSUES));
    const res = await fetch(`${app.url}/api/projects/${small.projectKey}`, { headers: as.headers });
    const project = (await res.json()) as ProjectDto;
    return await measure('embedded', as, as, project.boards[0]!.id);
  } finally {
    await app.stop();
  }
}

/** Split mode: one user imports through the gateway while another fetches a board of their own. */
export async function benchImportSplit(env: BenchEnv): Promise<Row[]> {
  // A bench board is led by the first bench user: the reader.
  const [reader, importer] = await env.users(2);
  const board = await env.board(BOARD_ISSUES);
  const client = (user: BenchUser): Client => ({
    url: env.url,
    headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': user.address },
  });
  return measure('split', client(importer!), client(reader!), board.id);
}
