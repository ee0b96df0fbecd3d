import type { ImportJobDto } from '@trackboard/contracts';
import type { BenchEnv } from './split-env';
import type { Row } from './table';

// A Trello board of 5,000 cards imported through the gateway in split mode, from the
// upload to the job's 'succeeded' (read by polling GET /api/imports/:id, as the dialog does).
// The board has what a real one has: 5 lists, labels, a checklist on every fourth card and a
// comment on every fifth, members without e-mails.
const CARDS = Number(process.env.BENCH_IMPORT_CARDS ?? 5000);
const TARGET_MS = 10_000;

const hex = (n: number, width = 24) => n.toString(16).padStart(width, '0');
const id = (kind: number, n: number) => `65a00000${hex(kind, 2)}${hex(n, 14)}`;

export function trelloBoard(cards: number) {
  const lists = ['Backlog', 'To Do', 'Doing', 'Review', 'Done'].map((name, i) => ({
    id: id(1, i),
    name,
    closed: false,
    pos: 16384 * (i + 1) + 0.5,
  }));
  const labels = ['green', 'yellow', 'red', 'sky', 'purple_dark', 'lime_light'].map((color, i) => ({
    id: id(2, i),
    name: i % 2 ? '' : `Label ${i}`,
    color,
  }));
  const members = [{ id: id(3, 1), fullName: 'Grace Hopper', username: 'grace' }];
  const board = {
    name: 'Bench board',
    desc: 'Imported by the bench.',
    lists,
    labels,
    members,
    cards: Array.from({ length: cards }, (_, n) => ({
      id: id(4, n),
      name: `Card ${n}: make the ${['login', 'search', 'export', 'board'][n % 4]} faster`,
      desc: n % 3 ? `Details of card ${n}.\n\nSee the **notes**.` : '',
      closed: n % 97 === 0,
      idList: lists[n % lists.length]!.id,
      pos: (cards - n) * 1024.25,
      due: n % 7 ? null : '2026-06-01T12:00:00.000Z',
      idLabels: [labels[n % labels.length]!.id, labels[(n + 2) % labels.length]!.id],
      idMembers: n % 2 ? [members[0]!.id] : [],
      dateLastActivity: '2026-02-01T10:00:00.000Z',
    })),
    checklists: Array.from({ length: Math.floor(cards / 4) }, (_, k) => ({
      id: id(5, k),
      idCard: id(4, k * 4),
      name: 'Steps',
      pos: 16384,
      checkItems: [
        { name: 'First', state: 'complete', pos: 1 },
        { name: 'Second', state: 'incomplete', pos: 2 },
      ],
    })),
    actions: Array.from({ length: Math.floor(cards / 5) }, (_, k) => ({
      id: id(6, k),
      type: 'commentCard',
      date: new Date(Date.UTC(2026, 1, 1) + k * 1000).toISOString(),
      idMemberCreator: members[0]!.id,
      memberCreator: { id: members[0]!.id, fullName: 'Grace Hopper' },
      data: { text: `Comment ${k}`, card: { id: id(4, k * 5) } },
    })),
  };
  return JSON.stringify(board);
}

export async function benchImport(env: BenchEnv): Promise<Row[]> {
  const [lead] = await env.users(1);
  const file = trelloBoard(CARDS);
  const key = `IMP${Date.now().toString(36).slice(-6).toUpperCase()}`;
  const headers = { authorization: `Bearer ${lead!.token}` };
  const started = performance.now();
  const res = await fetch(`${env.url}/api/imports?format=trello&key=${key}&name=Bench+import`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: file,
  });
  if (res.status !== 202) throw new Error(`import answered ${res.status}: ${await res.text()}`);
  let job = (await res.json()) as ImportJobDto;
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    job = (await (await fetch(`${env.url}/api/imports/${job.id}`, { headers })).json()) as ImportJobDto;
  }
  const ms = performance.now() - started;
  if (job.status !== 'succeeded') throw new Error(`import ${job.status}: ${JSON.stringify(job.error)}`);
  return [
    {
      metric: `import: ${job.total.toLocaleString('en')} Trello cards (of ${CARDS.toLocaleString('en')}, closed ones left out), upload to done`,
      measured: ms,
      unit: 'ms',
      target: { atMost: TARGET_MS },
      note: `${(file.length / 1024 / 1024).toFixed(1)} MB file`,
    },
  ];
}
