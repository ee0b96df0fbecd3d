import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { fromBuffer, type Entry } from 'yauzl';
import type { AttachmentDto, ExportIssue, IssueDto, ProjectExport } from '@trackboard/contracts';
import { attachmentSettings } from '@trackboard/gateway';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard } from './testing/given-board';
import { freshKey, transfer } from './testing/given-import';
import { s3PlatformForSuite } from './testing/s3-server';

// Sub-issues, relations and attachments through export and import: the JSON names them, the
// export with files (a zip) carries the attachments' bytes, and an import of either brings back
// what it holds, as the importer's, within the attachment limits. Over the local folder store and
// over S3 (s3rver).
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tb-export-files-'));
  dirs.push(dir);
  return dir;
};
let t: TestPlatform;
let small: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform({ attachments: attachmentSettings({}, dataDir()) });
  // 64 KB a file: the big file of givenProject is over it, the others are not.
  small = await createTestPlatform({
    attachments: attachmentSettings({ ATTACHMENT_MAX_BYTES: String(64 * 1024) }, dataDir()),
  });
});
afterAll(async () => {
  await Promise.all([t.close(), small.close()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const picture = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc3366' } })
    .png()
    .toBuffer();
const notes = Buffer.from('Meeting notes\n- decided: ship on Friday\n');
const big = randomBytes(100 * 1024);

/**
 * A project of three levels (epic › story › task), the task blocking the epic, the epic related
 * to an issue of another project, a task list with one box ticked, and files on the issues: a
 * picture, a text whose name has a slash, and a big file.
 */
async function givenProject(p: TestPlatform) {
  const g = await givenBoard(p);
  const lead = p.as(g.lead.token);
  const epic = await g.addIssue('To Do', 'Epic');
  const story = await g.addIssue('To Do', 'Story');
  const task = await g.addIssue('In Progress', 'Task');
  await p.ok(lead.put(`/api/issues/${story.id}/parent`, { parentId: epic.id }));
  await p.ok(lead.put(`/api/issues/${task.id}/parent`, { parentId: story.id }));
  await p.ok(lead.post(`/api/issues/${task.id}/relations`, { type: 'blocks', issueKey: epic.key }));
  await p.ok(lead.patch(`/api/issues/${epic.id}`, { description: 'Plan:\n\n- [x] agree the scope\n- [ ] build it' }));
  const elsewhere = await givenBoard(p, { lead: g.lead, member: g.member, outsider: g.outsider });
  const outside = await elsewhere.addIssue('To Do', 'In another project');
  await p.ok(lead.post(`/api/issues/${epic.id}/relations`, { type: 'relates', issueKey: outside.key }));
  const attach = (issue: IssueDto, name: string, bytes: Uint8Array) =>
    p.ok<AttachmentDto>(
      p.as(g.member.token).post(`/api/issues/${issue.id}/attachments?name=${encodeURIComponent(name)}`, bytes),
    );
  const image = await picture();
  const files = {
    image: { bytes: image, dto: await attach(epic, 'diagram.png', image) },
    notes: { bytes: notes, dto: await attach(story, 'notes/2024.txt', notes) },
    big: { bytes: big, dto: await attach(task, 'dump.bin', big) },
  };
  return { ...g, epic, story, task, files };
}

const byTitle = (doc: ProjectExport) => {
  const issues = doc.boards.flatMap((b) => b.columns.flatMap((c) => c.issues));
  return (title: string) => issues.find((i) => i.title === title)!;
};

/** The zip's entries, by name, and their bytes. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on('entry', (entry: Entry) =>
        zip.openReadStream(entry, (error, stream) => {
          if (error) return reject(error);
          const pieces: Buffer[] = [];
          stream.on('data', (piece: Buffer) => pieces.push(piece));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(pieces));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** An imported issue's attachments and each one's bytes, read back through the API. */
async function storedFiles(p: TestPlatform, token: string, key: string) {
  const issue = await p.ok<IssueDto>(p.as(token).get(`/api/issues/by-key/${key}`));
  const list = await p.ok<AttachmentDto[]>(p.as(token).get(`/api/issues/${issue.id}/attachments`));
  return {
    issue,
    files: await Promise.all(
      list.map(async (a) => ({
        ...a,
        bytes: Buffer.from(await (await p.as(token).get(`/api/attachments/${a.id}`)).arrayBuffer()),
      })),
    ),
  };
}

/** The whole round trip on one platform: export with files, import it, and compare. */
async function roundTrip(p: TestPlatform) {
  const io = transfer(p);
  const g = await givenProject(p);
  const res = await io.send('GET', `/api/projects/${g.key}/export?format=zip`, g.member.token);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${g.key}-export.zip"`);
  const zip = Buffer.from(await res.arrayBuffer());
  const entries = await unzip(zip);
  const json = JSON.parse(entries.get('export.json')!.toString('utf8')) as ProjectExport;
  const issue = byTitle(json);
  const { image, notes: text, big: dump } = g.files;
  expect([...entries.keys()].sort()).toEqual(
    [
      'export.json',
      `files/${g.epic.key}/${image.dto.id}-diagram.png`,
      `files/${g.story.key}/${text.dto.id}-notes_2024.txt`,
      `files/${g.task.key}/${dump.dto.id}-dump.bin`,
    ].sort(),
  );
  for (const file of [image, text, dump]) {
    const [reference] = json.boards
      .flatMap((b) => b.columns.flatMap((c) => c.issues.flatMap((i) => i.attachments)))
      .filter((a) => a.name === file.dto.fileName);
    expect(entries.get(`files/${reference!.file}`)!.equals(Buffer.from(file.bytes))).toBe(true);
  }
  // The JSON inside is the JSON export.
  const plain = await io.exportJson(g.member.token, g.key);
  expect({ ...json, exportedAt: null }).toEqual({ ...plain, exportedAt: null });
  expect(issue('Story').parentKey).toBe(g.epic.key);

  const key = freshKey('Z');
  const job = await io.importFile(
    g.lead.token,
    { format: 'trackboard', key, name: 'From the zip' },
    new Uint8Array(zip),
    'application/zip',
  );
  expect(job).toMatchObject({ status: 'succeeded', total: 3 });
  expect(job.summary).toMatchObject({ leftOut: [], warnings: [] });
  const again = byTitle(await io.exportJson(g.lead.token, key));
  expect(again('Story').parentKey).toBe(again('Epic').key);
  expect(again('Task').parentKey).toBe(again('Story').key);
  // Each file is the importer's now, under its name and with its date; the bytes are the same.
  for (const [title, file] of [
    ['Epic', image],
    ['Story', text],
    ['Task', dump],
  ] as const) {
    const stored = await storedFiles(p, g.lead.token, again(title).key);
    expect(stored.issue.attachmentCount).toBe(1);
    expect(stored.files).toEqual([
      expect.objectContaining({
        fileName: file.dto.fileName,
        size: file.bytes.length,
        contentType: file.dto.contentType,
        thumbnail: file.dto.thumbnail,
        uploaderId: g.lead.user.id,
        createdAt: file.dto.createdAt,
      }),
    ]);
    expect(stored.files[0]!.bytes.equals(Buffer.from(file.bytes))).toBe(true);
  }
  return g;
}

describe('the JSON export', () => {
  it('names each issue’s parent, the links between the project’s issues, and its files', async () => {
    const io = transfer(t);
    const g = await givenProject(t);
    const doc = await io.exportJson(g.member.token, g.key);
    const issue = byTitle(doc);
    expect([issue('Epic').parentKey, issue('Story').parentKey, issue('Task').parentKey]).toEqual([
      null,
      g.epic.key,
      g.story.key,
    ]);
    // The epic's link to another project's issue is left out: the file does not hold that issue.
    expect(doc.relations).toEqual([{ type: 'blocks', from: g.task.key, to: g.epic.key }]);
    expect(issue('Epic').description).toBe('Plan:\n\n- [x] agree the scope\n- [ ] build it');
    expect(issue('Story').attachments).toEqual<ExportIssue['attachments']>([
      {
        name: 'notes/2024.txt',
        contentType: 'application/octet-stream',
        size: notes.length,
        uploader: g.member.email,
        createdAt: g.files.notes.dto.createdAt,
        file: `${g.story.key}/${g.files.notes.dto.id}-notes_2024.txt`,
      },
    ]);
    expect(issue('Epic').attachments).toEqual([
      expect.objectContaining({ name: 'diagram.png', contentType: 'image/png', size: g.files.image.bytes.length }),
    ]);
  });

  it('imports sub-issues, relations and ticks, and says the files stayed behind', async () => {
    const io = transfer(t);
    const g = await givenProject(t);
    const doc = await io.exportJson(g.member.token, g.key);
    const key = freshKey('J');
    const job = await io.importFile(
      g.lead.token,
      { format: 'trackboard', key, name: 'JSON only' },
      JSON.stringify(doc),
    );
    expect(job).toMatchObject({ status: 'succeeded' });
    expect(job.summary!.leftOut).toEqual(['3 attachments were not imported: export with files to bring them']);
    const again = await io.exportJson(g.lead.token, key);
    const issue = byTitle(again);
    expect(issue('Task').parentKey).toBe(issue('Story').key);
    expect(again.relations).toEqual([{ type: 'blocks', from: issue('Task').key, to: issue('Epic').key }]);
    expect(issue('Epic').attachments).toEqual([]);
    const epic = await t.ok<IssueDto>(t.as(g.lead.token).get(`/api/issues/by-key/${issue('Epic').key}`));
    expect(epic).toMatchObject({ tasks: { done: 1, total: 2 }, subIssueCount: 1, blocked: true });
  });

  it('drops a parent link that would make a cycle or a fourth level, and a link to an issue the file lacks, with warnings', async () => {
    const io = transfer(t);
    const g = await givenProject(t);
    const doc = await io.exportJson(g.member.token, g.key);
    const todo = doc.boards[0]!.columns[0]!.issues;
    const done = doc.boards[0]!.columns[2]!.issues;
    // A fourth level under the task; and a link to an issue of another file.
    done.push({ ...todo[0]!, key: `${g.key}-90`, title: 'Too deep', parentKey: g.task.key, attachments: [] });
    doc.relations.push({ type: 'relates', from: g.epic.key, to: 'ELSE-1' });
    const deep = await io.importFile(
      g.lead.token,
      { format: 'trackboard', key: freshKey('D'), name: 'Deep' },
      JSON.stringify(doc),
    );
    expect(deep).toMatchObject({ status: 'succeeded', total: 4 });
    expect(deep.summary!.warnings).toEqual([
      'boards[0].columns[2].issues[0].parentKey: sub-issues go at most 3 levels deep; imported without its parent',
      'relations[1].to: "ELSE-1" is not an issue of the file; link left out',
    ]);
    const deepIssue = byTitle(await io.exportJson(g.lead.token, deep.projectKey));
    expect(deepIssue('Too deep').parentKey).toBeNull();

    // The epic under the task: read in file order, the epic's link is kept and the task's, which
    // would close the circle, is dropped.
    done.pop();
    doc.relations.pop();
    todo[0]!.parentKey = g.task.key;
    const circle = await io.importFile(
      g.lead.token,
      { format: 'trackboard', key: freshKey('C'), name: 'Circle' },
      JSON.stringify(doc),
    );
    expect(circle.summary!.warnings).toEqual([
      'boards[0].columns[1].issues[0].parentKey: would make the issue a sub-issue of itself; imported without its parent',
    ]);
    const issue = byTitle(await io.exportJson(g.lead.token, circle.projectKey));
    expect([issue('Epic').parentKey, issue('Story').parentKey, issue('Task').parentKey]).toEqual([
      issue('Task').key,
      issue('Epic').key,
      null,
    ]);
    // A strict import fails on them instead.
    const strict = await io.importFile(
      g.lead.token,
      { format: 'trackboard', key: freshKey('S'), name: 'Strict', strict: 'true' },
      JSON.stringify(doc),
    );
    expect(strict).toMatchObject({ status: 'failed', error: { field: 'boards[0].columns[1].issues[0].parentKey' } });
  });
});

describe('the export with files (zip)', () => {
  it('streams the JSON and every file’s bytes, and imports back with them (local folder)', async () => {
    await roundTrip(t);
  });

  it('is for those who may see the project, like the JSON', async () => {
    const io = transfer(t);
    const g = await givenBoard(t);
    expect((await io.send('GET', `/api/projects/${g.key}/export?format=zip`, g.outsider.token)).status).toBe(404);
    expect((await io.send('GET', `/api/projects/${g.key}/export?format=zip`, undefined)).status).toBe(401);
    const res = await io.send('GET', `/api/projects/${g.key}/export?format=zap`, g.lead.token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: expect.stringContaining('format') });
  });

  it('leaves a file over ATTACHMENT_MAX_BYTES out with a warning, and imports the rest', async () => {
    const io = transfer(t);
    const g = await givenProject(t);
    const zip = new Uint8Array(
      await (await io.send('GET', `/api/projects/${g.key}/export?format=zip`, g.member.token)).arrayBuffer(),
    );
    // Another instance, whose limit is 64 KB a file.
    const importer = await small.givenUser({ name: 'Ima Porter' });
    const job = await transfer(small).importFile(
      importer.token,
      { format: 'trackboard', key: freshKey('L'), name: 'Limited' },
      zip,
      'application/zip',
    );
    expect(job).toMatchObject({ status: 'succeeded', total: 3 });
    expect(job.summary!.warnings).toEqual([
      'boards[0].columns[1].issues[0].attachments[0].file: is larger than the 0.1 MB allowed (ATTACHMENT_MAX_BYTES); "dump.bin" left out',
    ]);
    const doc = await transfer(small).exportJson(importer.token, job.projectKey);
    const issue = byTitle(doc);
    expect(issue('Task').attachments).toEqual([]);
    expect(issue('Story').attachments).toEqual([
      expect.objectContaining({ name: 'notes/2024.txt', uploader: importer.email }),
    ]);
  });

  it('refuses a zip that is not an export with files, and a broken one', async () => {
    const io = transfer(t);
    const g = await givenBoard(t);
    const zip = Buffer.from(
      await (await io.send('GET', `/api/projects/${g.key}/export?format=zip`, g.lead.token)).arrayBuffer(),
    );
    const send = (bytes: Uint8Array) =>
      io.importFile(
        g.lead.token,
        { format: 'trackboard', key: freshKey('B'), name: 'Bad' },
        new Uint8Array(bytes),
        'application/zip',
      );
    // Renamed inside (a name of the same length, so the zip stays whole): no export.json.
    const renamed = Buffer.from(zip.toString('latin1').replaceAll('export.json', 'exqort.json'), 'latin1');
    expect(await send(renamed)).toMatchObject({
      status: 'failed',
      error: { field: 'file', message: 'The zip holds no export.json: it is not a Trackboard export with files.' },
    });
    expect(await send(zip.subarray(0, 40))).toMatchObject({
      status: 'failed',
      error: { field: 'file', message: expect.stringMatching(/^The zip cannot be read: /) },
    });
  });
});

describe('the export with files over S3', () => {
  const bucket = 'trackboard-exports';
  const on = s3PlatformForSuite(bucket, dataDir);

  it('reads the files from the bucket into the zip, and stores them there on import', async () => {
    await roundTrip(on.t);
  });
});
