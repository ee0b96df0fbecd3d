import sharp from 'sharp';
import { messages, type UserDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';

// A person's picture: any common picture is cut to a square around what matters, kept small as
// WebP in the attachment storage and served to anyone who has its address (an <img> sends no
// token); a new one replaces the old, whose file goes; bad pictures are refused and change nothing.

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

/** A wide PNG: a bright square on its right third, on grey (what an attention crop should keep). */
const widePicture = () =>
  sharp({ create: { width: 900, height: 300, channels: 3, background: '#777777' } })
    .composite([
      {
        input: { create: { width: 300, height: 300, channels: 3, background: '#ff2200' } },
        left: 600,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

const upload = (token: string, picture: Uint8Array) => t.request('PUT', '/api/auth/avatar', { token, body: picture });
const served = (avatarUrl: string) => t.request('GET', avatarUrl);

it('cuts a picture to a square around what matters, keeps it as WebP and serves it to anyone', async () => {
  const user = await t.givenUser();
  const res = await upload(user.token, await widePicture());
  expect(res.status).toBe(200);
  const profile = (await res.json()) as UserDto;
  expect(profile.avatarUrl).toMatch(/^\/api\/auth\/avatars\/[\w-]{36}\.webp$/);

  const file = await served(profile.avatarUrl!);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('image/webp');
  expect(file.headers.get('cache-control')).toContain('immutable');
  const bytes = Buffer.from(await file.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  // The bright part was kept: the square's middle is red, not the grey around it.
  const { data } = await sharp(bytes).extract({ left: 128, top: 128, width: 1, height: 1 }).raw().toBuffer({
    resolveWithObject: true,
  });
  expect(data[0]).toBeGreaterThan(200);
  expect(data[1]).toBeLessThan(80);

  // The profile and everyone's view of the account carry it.
  expect((await t.ok<UserDto>(t.as(user.token).get('/api/auth/profile'))).avatarUrl).toBe(profile.avatarUrl);
});

it('a new picture replaces the old, whose file goes; removing it leaves none', async () => {
  const user = await t.givenUser();
  const first = (await (await upload(user.token, await widePicture())).json()) as UserDto;
  const second = (await (await upload(user.token, await widePicture())).json()) as UserDto;
  expect(second.avatarUrl).not.toBe(first.avatarUrl);
  expect((await served(first.avatarUrl!)).status).toBe(404);
  expect((await served(second.avatarUrl!)).status).toBe(200);

  const removed = await t.ok<UserDto>(t.as(user.token).delete('/api/auth/avatar'));
  expect(removed.avatarUrl).toBeNull();
  expect((await served(second.avatarUrl!)).status).toBe(404);
});

it('refuses what is not a picture (400) or too large (413), and keeps the picture it had', async () => {
  const user = await t.givenUser();
  const kept = (await (await upload(user.token, await widePicture())).json()) as UserDto;

  const text = await upload(user.token, new TextEncoder().encode('not a picture at all'));
  expect(text.status).toBe(400);
  expect(await text.json()).toMatchObject({ message: messages.avatarNotAPicture });
  const empty = await upload(user.token, new Uint8Array());
  expect(empty.status).toBe(400);
  const huge = await upload(user.token, new Uint8Array(10 * 1024 * 1024 + 1));
  expect(huge.status).toBe(413);
  expect(await huge.json()).toMatchObject({ message: messages.avatarTooLarge });

  expect((await t.ok<UserDto>(t.as(user.token).get('/api/auth/profile'))).avatarUrl).toBe(kept.avatarUrl);
});

it('serves nothing for a name that was never given, or one that is not a name it gives', async () => {
  expect((await served('/api/auth/avatars/00000000-0000-4000-8000-000000000000.webp')).status).toBe(404);
  expect((await served('/api/auth/avatars/..%2F..%2Fsecret.webp')).status).toBe(400);
});
