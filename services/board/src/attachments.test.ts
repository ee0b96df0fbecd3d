import { mkdtempSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import type {
  AttachmentDto,
  AttachmentLinkDto,
  IssueActivityDto,
  IssueDto,
  IssueWriteResult,
} from '@trackboard/contracts';
import { attachmentSettings } from '@trackboard/gateway';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard } from './testing/given-board';
import { s3PlatformForSuite } from './testing/s3-server';
import { until } from './testing/until';

// Files on issues: what is stored, how it is served, who may do what, and the limits.
let t: TestPlatform;
let small: TestPlatform;
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tb-attachments-'));
  dirs.push(dir);
  return dir;
};
let root: string;
beforeAll(async () => {
  root = dataDir();
  t = await createTestPlatform({ attachments: attachmentSettings({}, root) });
  // A platform with small limits: 1 MB a file, 1.5 MB a project.
  small = await createTestPlatform({
    attachments: attachmentSettings(
      { ATTACHMENT_MAX_BYTES: String(1024 * 1024), ATTACHMENT_PROJECT_QUOTA_BYTES: String(1.5 * 1024 * 1024) },
      dataDir(),
    ),
  });
});
afterAll(async () => {
  await Promise.all([t.close(), small.close()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** Every stored file under the local store's folder (thumbnails included). */
const storedFiles = (dir = join(root, 'attachments')): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name))
    : [];

async function givenIssue(p = t) {
  const g = await givenBoard(p);
  const issue = await g.addIssue('To Do', 'Has files');
  const upload = (bytes: Uint8Array, name: string, token = g.member.token) =>
    p.as(token).post(`/api/issues/${issue.id}/attachments?name=${encodeURIComponent(name)}`, bytes);
  const attach = async (bytes: Uint8Array, name: string, token = g.member.token) =>
    p.ok<AttachmentDto>(upload(bytes, name, token));
  const issueNow = () => p.ok<IssueDto>(p.as(g.member.token).get(`/api/issues/${issue.id}`));
  return { ...g, issue, upload, attach, issueNow };
}

describe('attachments', () => {
  it('stores an image with its size and a thumbnail, counts it on the issue and records it in the history', async () => {
    const g = await givenIssue();
    const image = await png(1000, 500);
    const file = await g.attach(image, 'diagram.png');
    expect(file).toMatchObject({
      fileName: 'diagram.png',
      contentType: 'image/png',
      size: image.length,
      image: true,
      width: 1000,
      height: 500,
      thumbnail: true,
      uploaderId: g.member.user.id,
      uploaderName: 'Max Member',
    });
    expect(await t.ok<AttachmentDto[]>(t.as(g.lead.token).get(`/api/issues/${g.issue.id}/attachments`))).toEqual([
      file,
    ]);
    expect((await g.issueNow()).attachmentCount).toBe(1);
    const history = await t.ok<IssueActivityDto[]>(t.as(g.member.token).get(`/api/issues/${g.issue.id}/activity`));
    expect(history[0]).toMatchObject({ kind: 'updated', field: 'attachments', to: 'diagram.png' });

    const res = await t.as(g.member.token).get(`/api/attachments/${file.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="diagram.png"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);

    const thumb = await t.as(g.member.token).get(`/api/attachments/${file.id}?variant=thumbnail`);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 200]);
  });

  it('takes a multipart form, naming the file from its part', async () => {
    const g = await givenIssue();
    const form = new FormData();
    form.append('file', new Blob([await png(30, 20)], { type: 'text/html' }), 'screenshot.png');
    const res = await t.platform.apps.board.request(`/api/issues/${g.issue.id}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${g.member.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ fileName: 'screenshot.png', contentType: 'image/png', width: 30 });
    const empty = new FormData();
    empty.append('note', 'no file here');
    const refused = await t.platform.apps.board.request(`/api/issues/${g.issue.id}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${g.member.token}` },
      body: empty,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: 'file: the form has no file' });
  });

  it('strips the metadata of a photo from its thumbnail and turns it upright', async () => {
    const g = await givenIssue();
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Somebody', Copyright: 'Somewhere' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const file = await g.attach(photo, 'holiday.jpg');
    const thumb = await t.as(g.member.token).get(`/api/attachments/${file.id}?variant=thumbnail`);
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(400);

    // A phone's portrait photo: stored on its side, with an orientation that turns it upright.
    const portrait = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#224488' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = await g.attach(portrait, 'portrait.jpg');
    expect([upright.width, upright.height]).toEqual([600, 800]);
    const small = await t.as(g.member.token).get(`/api/attachments/${upright.id}?variant=thumbnail`);
    const smallMeta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([300, 400]);
  });

  describe('never lets a file run in the app', () => {
    const served = async (g: Awaited<ReturnType<typeof givenIssue>>, bytes: Uint8Array, name: string) => {
      const file = await g.attach(bytes, name);
      const res = await t.as(g.member.token).get(`/api/attachments/${file.id}`);
      return { file, res };
    };

    it.each([
      ['an HTML page', 'page.html', '<!doctype html><script>alert(document.cookie)</script>'],
      ['an SVG with a script', 'logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['HTML named as a PNG', 'photo.png', '<html><body onload="alert(1)">not a picture</body></html>'],
      ['HTML behind a PNG signature', 'sly.png', '\x89PNG\r\n\x1a\n<html><script>alert(1)</script></html>'],
    ])('serves %s as bytes to download, not as what it claims', async (_what, name, text) => {
      const g = await givenIssue();
      const { file, res } = await served(g, Buffer.from(text, 'latin1'), name);
      expect(file).toMatchObject({ image: false, thumbnail: false, contentType: 'application/octet-stream' });
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    });

    it('keeps a path in the file name out of the header and the store', async () => {
      const g = await givenIssue();
      const { file, res } = await served(g, Buffer.from('secret'), '../../etc/passwd');
      expect(file.fileName).toBe('../../etc/passwd');
      const header = res.headers.get('content-disposition')!;
      expect(header).not.toMatch(/filename="[^"]*[/\\]/);
      expect(storedFiles().every((path) => path.startsWith(join(root, 'attachments')))).toBe(true);
      expect(existsSync(join(root, 'etc'))).toBe(false);
    });
  });

  describe('limits', () => {
    it('refuses a file over ATTACHMENT_MAX_BYTES with 413 naming it, and keeps nothing', async () => {
      const g = await givenIssue(small);
      const before = (await g.issueNow()).version;
      const res = await g.upload(new Uint8Array(1024 * 1024 + 1), 'big.bin');
      expect(res.status).toBe(413);
      expect((await res.json()) as { message: string }).toMatchObject({
        message: expect.stringContaining('ATTACHMENT_MAX_BYTES'),
        limitBytes: 1024 * 1024,
      });
      expect((await g.issueNow()).attachmentCount).toBe(0);
      expect((await g.issueNow()).version).toBe(before);
      expect(await small.ok(small.as(g.member.token).get(`/api/issues/${g.issue.id}/attachments`))).toEqual([]);
    });

    it('refuses a 30 MB file with the default 25 MB limit', async () => {
      const g = await givenIssue();
      const res = await g.upload(new Uint8Array(30 * 1024 * 1024), 'video.mp4');
      expect(res.status).toBe(413);
      expect(((await res.json()) as { message: string }).message).toBe(
        'body: the file is larger than the 25 MB allowed (ATTACHMENT_MAX_BYTES)',
      );
      expect(storedFiles(join(root, 'attachments', `p${g.project.id}`))).toEqual([]);
      expect(existsSync(join(root, 'uploads')) ? readdirSync(join(root, 'uploads')) : []).toEqual([]);
    });

    it("refuses a file the project's quota cannot take with 409 and the numbers", async () => {
      const g = await givenIssue(small);
      await g.attach(new Uint8Array(1024 * 1024), 'first.bin');
      const res = await g.upload(new Uint8Array(600 * 1024), 'second.bin');
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        message: expect.stringContaining('ATTACHMENT_PROJECT_QUOTA_BYTES'),
        usedBytes: 1024 * 1024,
        fileBytes: 600 * 1024,
        quotaBytes: 1.5 * 1024 * 1024,
      });
      expect((await g.issueNow()).attachmentCount).toBe(1);
    });

    it('refuses an empty file and a missing name with 400 naming the field', async () => {
      const g = await givenIssue();
      const empty = await g.upload(new Uint8Array(0), 'empty.txt');
      expect(empty.status).toBe(400);
      expect(((await empty.json()) as { message: string }).message).toMatch(/^body:/);
      const unnamed = await t.as(g.member.token).post(`/api/issues/${g.issue.id}/attachments`, Buffer.from('x'));
      expect(unnamed.status).toBe(400);
      expect(((await unnamed.json()) as { message: string }).message).toMatch(/name/);
    });
  });

  it('hands out a short-lived link that works without the token, and refuses a tampered one', async () => {
    const g = await givenIssue();
    const image = await png(20, 20);
    const file = await g.attach(image, 'tiny.png');
    const link = await t.ok<AttachmentLinkDto>(t.as(g.member.token).get(`/api/attachments/${file.id}/link`));
    expect(link.url).toMatch(/^\/api\/attachment-files\/\d+\?/);
    expect(Date.parse(link.expiresAt)).toBeGreaterThan(Date.now());
    const res = await t.as().get(link.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);

    const download = await t.ok<AttachmentLinkDto>(
      t.as(g.member.token).get(`/api/attachments/${file.id}/link?variant=download`),
    );
    expect((await t.as().get(download.url)).headers.get('content-disposition')).toMatch(/^attachment;/);
    // The signature covers the variant, the expiry and the attachment.
    for (const tampered of [
      link.url.replace('variant=file', 'variant=download'),
      link.url.replace(/expires=(\d+)/, (_m, s: string) => `expires=${Number(s) + 3600}`),
      link.url.replace(/attachment-files\/\d+/, 'attachment-files/999999'),
    ])
      expect((await t.as().get(tampered)).status).toBe(404);
    // Without a link, the file needs the token, and a member's.
    expect((await t.as().get(`/api/attachments/${file.id}`)).status).toBe(401);
    expect((await t.as(g.outsider.token).get(`/api/attachments/${file.id}`)).status).toBe(404);
    expect((await t.as(g.outsider.token).get(`/api/attachments/${file.id}/link`)).status).toBe(404);
  });

  it('lets the uploader, the lead or an admin remove a file, and removes it from the store', async () => {
    const g = await givenIssue();
    const file = await g.attach(await png(50, 50), 'gone.png', g.lead.token);
    expect(storedFiles().length).toBeGreaterThan(0);
    const refused = await t.as(g.member.token).delete(`/api/attachments/${file.id}`);
    expect(refused.status).toBe(403);
    const own = await g.attach(Buffer.from('mine'), 'mine.txt');
    expect((await t.as(g.member.token).delete(`/api/attachments/${own.id}`)).status).toBe(204);
    expect((await t.as(g.lead.token).delete(`/api/attachments/${file.id}`)).status).toBe(204);
    expect((await g.issueNow()).attachmentCount).toBe(0);
    expect((await t.as(g.lead.token).get(`/api/attachments/${file.id}`)).status).toBe(404);
    const history = await t.ok<IssueActivityDto[]>(t.as(g.member.token).get(`/api/issues/${g.issue.id}/activity`));
    expect(history[0]).toMatchObject({ field: 'attachments', from: 'gone.png' });
    const issuePrefix = join(root, 'attachments', `p${g.project.id}`, `i${g.issue.id}`);
    await until(() => storedFiles(issuePrefix).length === 0, "the issue's files removed from the store");
  });

  it("sets an image as the card's cover, refuses anything else, and drops the cover with its file", async () => {
    const g = await givenIssue();
    const picture = await g.attach(await png(300, 200), 'cover.png');
    const text = await g.attach(Buffer.from('plain words'), 'notes.txt');
    const covered = await t.ok<IssueWriteResult>(
      t.as(g.member.token).put(`/api/issues/${g.issue.id}/cover`, { coverAttachmentId: picture.id }),
    );
    const board = await g.fetchBoard();
    expect(covered).toMatchObject({ coverAttachmentId: picture.id, boardVersion: board.version, rebalanced: [] });
    expect(board.columns[0]!.issues.find((i) => i.id === g.issue.id)).toMatchObject({
      coverAttachmentId: picture.id,
      attachmentCount: 2,
    });
    const refused = await t.as(g.member.token).put(`/api/issues/${g.issue.id}/cover`, { coverAttachmentId: text.id });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^coverAttachmentId:/);
    expect((await t.as(g.member.token).delete(`/api/attachments/${picture.id}`)).status).toBe(204);
    expect((await g.issueNow()).coverAttachmentId).toBeNull();
  });

  it("removes a deleted project's files from the store", async () => {
    const g = await givenIssue();
    await g.attach(await png(40, 40), 'a.png');
    await g.attach(Buffer.from('b'), 'b.txt');
    const projectFiles = join(root, 'attachments', `p${g.project.id}`);
    expect(storedFiles(projectFiles).length).toBe(3);
    expect((await t.as(g.lead.token).delete(`/api/projects/${g.key}`)).status).toBe(204);
    await until(() => storedFiles(projectFiles).length === 0, "the deleted project's files removed");
  });

  it('refuses a file on an archived project with 409', async () => {
    const g = await givenIssue();
    await t.ok(t.as(g.lead.token).post(`/api/projects/${g.key}/archive`));
    const res = await g.upload(Buffer.from('late'), 'late.txt');
    expect(res.status).toBe(409);
    expect(storedFiles(join(root, 'attachments', `p${g.project.id}`))).toEqual([]);
  });
});

describe('attachments in S3-compatible storage', () => {
  // The same routes over the S3 driver, against a real S3-protocol server (s3rver).
  const bucket = 'trackboard-files';
  const on = s3PlatformForSuite(bucket, dataDir);
  const objects = async () =>
    ((await on.client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!);

  it('stores the file and its thumbnail in the bucket, links to it by a presigned URL, and removes both', async () => {
    const g = await givenIssue(on.t);
    const image = await png(640, 480);
    const file = await g.attach(image, 'in the bucket.png');
    const keys = await objects();
    expect(keys.filter((key) => key.startsWith(`p${g.project.id}/i${g.issue.id}/`))).toHaveLength(2);

    // The browser goes to the S3 server itself, without our token, for a quarter of an hour.
    const link = await on.t.ok<AttachmentLinkDto>(on.t.as(g.member.token).get(`/api/attachments/${file.id}/link`));
    expect(link.url.startsWith(`${on.server.endpoint}/${bucket}/p${g.project.id}/`)).toBe(true);
    expect(link.url).toContain('X-Amz-Signature=');
    const fetched = await fetch(link.url);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(fetched.headers.get('content-disposition')).toMatch(/^inline; filename="in the bucket.png"/);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(image)).toBe(true);
    // The API serves the bytes too, to a caller with the token.
    const viaApi = await on.t.as(g.member.token).get(`/api/attachments/${file.id}?variant=thumbnail`);
    expect((await sharp(Buffer.from(await viaApi.arrayBuffer())).metadata()).width).toBe(400);

    expect((await on.t.as(g.member.token).delete(`/api/attachments/${file.id}`)).status).toBe(204);
    await until(
      async () => (await objects()).every((key) => !key.startsWith(`p${g.project.id}/i${g.issue.id}/`)),
      'the files removed from the bucket',
    );
  });
});
