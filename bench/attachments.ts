import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AttachmentDto, AttachmentLinkDto, BoardDto, IssueDto, ProjectDto } from '@trackboard/contracts';
import type { BenchEnv, BenchUser } from './split-env';
import type { Row } from './table';

// A 20 MB file uploaded five times to an issue through the gateway (split mode, two board
// replicas, the data folder as the store), then downloaded through its signed link. Measured: each
// transfer's time, and how far the board replicas' resident memory rises above where it was while
// the files pass (sampled every 10 ms), after a first transfer of that size on each replica: an
// upload held whole would raise it by its size. One 150 MB file (the bench raises
// ATTACHMENT_MAX_BYTES for it) makes that plain.
const FILE_BYTES = 20 * 1024 * 1024;
const ROUNDS = 5;
const MB = 1024 * 1024;

/** A process's resident memory, from /proc (Linux), in bytes. */
const residentBytes = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

export async function benchAttachments(env: BenchEnv): Promise<Row[]> {
  const [lead] = (await env.users(1)) as [BenchUser];
  const project = await env.call<ProjectDto>('POST', '/api/projects', {
    as: lead,
    body: { name: 'Attachments bench', key: 'FILEBENCH' },
  });
  const board = await env.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, { as: lead });
  const issue = await env.call<IssueDto>('POST', '/api/issues', {
    as: lead,
    body: { projectId: project.id, columnId: board.columns[0]!.id, title: 'Holds large files' },
  });
  const file = randomBytes(FILE_BYTES);
  const headers = { authorization: `Bearer ${lead.token}`, 'x-forwarded-for': lead.address };

  const pids = env.boardReplicas.map((replica) => replica.child.pid!);
  const upload = async (bytes: Uint8Array<ArrayBuffer>, name: string) => {
    const res = await fetch(`${env.url}/api/issues/${issue.id}/attachments?name=${name}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as AttachmentDto;
  };
  const download = async (id: string) => {
    const link = await env.call<AttachmentLinkDto>('GET', `/api/attachments/${id}/link?variant=download`, { as: lead });
    return Buffer.from(await (await fetch(new URL(link.url, env.url))).arrayBuffer());
  };
  /** Runs `phase` while sampling the replicas' resident memory: the largest rise above where it was. */
  const risingDuring = async (phase: () => Promise<void>) => {
    const before = pids.map(residentBytes);
    const peak = [...before];
    const sampler = setInterval(() => pids.forEach((pid, i) => (peak[i] = Math.max(peak[i]!, residentBytes(pid)))), 10);
    try {
      await phase();
    } finally {
      clearInterval(sampler);
    }
    return Math.max(...peak.map((p, i) => p - before[i]!));
  };

  // A first file of the size on each replica: what the first transfer grows once (code, the heap,
  // the allocator's pools) is not counted.
  for (const replica of pids.keys()) await download((await upload(file, `warm-${replica}.bin`)).id);

  const uploads: number[] = [];
  const downloads: number[] = [];
  const stored: AttachmentDto[] = [];
  const uploadRise = await risingDuring(async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      stored.push(await upload(file, `big-${round}.bin`));
      uploads.push(performance.now() - started);
    }
  });
  // One file seven times the usual: held whole, it would raise a replica's memory by 150 MB.
  const huge = randomBytes(150 * MB);
  const hugeRise = await risingDuring(async () => {
    const { id } = await upload(huge, 'huge.bin');
    if (!(await download(id)).equals(huge)) throw new Error('the downloaded 150 MB file differs from the uploaded one');
  });
  const downloadRise = await risingDuring(async () => {
    for (const { id } of stored) {
      const started = performance.now();
      const bytes = await download(id);
      downloads.push(performance.now() - started);
      if (!bytes.equals(file)) throw new Error('the downloaded file differs from the uploaded one');
    }
  });
  const rate = (ms: number) => `${(FILE_BYTES / MB / (ms / 1000)).toFixed(0)} MB/s`;
  return [
    {
      metric: `attachment upload, ${FILE_BYTES / MB} MB through the gateway (median of ${ROUNDS})`,
      measured: median(uploads),
      unit: 'ms',
      note: rate(median(uploads)),
    },
    {
      metric: `attachment download, ${FILE_BYTES / MB} MB by its signed link (median of ${ROUNDS})`,
      measured: median(downloads),
      unit: 'ms',
      note: rate(median(downloads)),
    },
    {
      metric: 'board replica memory rise during the uploads (resident, peak − before)',
      measured: uploadRise,
      unit: 'bytes',
      target: { atMost: 10 * MB },
      note: 'streamed: a file held whole would add ≥ 20 MB',
    },
    {
      metric: 'board replica memory rise while a 150 MB file goes up and down (resident, peak − before)',
      measured: hugeRise,
      unit: 'bytes',
      target: { atMost: 10 * MB },
      note: 'held whole, it would add ≥ 150 MB',
    },
    {
      metric: 'board replica memory rise during the downloads (resident, peak − before)',
      measured: downloadRise,
      unit: 'bytes',
      target: { atMost: 10 * MB },
    },
  ];
}
