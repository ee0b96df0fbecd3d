import { attachmentIdOf, attachmentPath } from './attachment-paths';

describe('attachment addresses', () => {
  it.each(['12', '9007199254740993'])('read back the id they were made from: %s', (id) => {
    expect(attachmentIdOf(attachmentPath(id))).toBe(id);
  });

  it.each([
    '/api/attachments/12/link',
    'https://x.test/api/attachments/12',
    '/api/attachments/',
    '/api/attachments/1a',
    ' /api/attachments/3',
  ])('name no attachment in %j', (url) => expect(attachmentIdOf(url)).toBeNull());
});
