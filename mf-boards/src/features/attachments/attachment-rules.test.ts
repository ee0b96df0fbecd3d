import { ApiError } from '@trackboard/web-kit';
import { LINK_RENEW_BEFORE_MS, linkDue, linkRenewIn } from './attachments-api';
import { formatFileSize } from './file-size';
import { progressOf, uploadFailure, type Upload } from './upload-store';

describe('file sizes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [20_480, '20 KB'],
    [2_621_440, '2.5 MB'],
    [26_214_400, '25 MB'],
    [5 * 1024 ** 3, '5 GB'],
  ])('%i bytes read as %s', (bytes, shown) => expect(formatFileSize(bytes)).toBe(shown));
});

describe('signed links', () => {
  const now = Date.parse('2025-01-03T10:00:00Z');
  const inMinutes = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

  it('are renewed a minute before they expire', () => {
    expect(linkRenewIn(inMinutes(15), now)).toBe(14 * 60_000);
    expect(linkDue(inMinutes(15), now)).toBe(false);
    expect(linkDue(inMinutes(0.5), now)).toBe(true);
    expect(linkDue(inMinutes(-5), now)).toBe(true);
  });

  it('are never asked for more often than once a minute, whatever the clocks say', () => {
    expect(linkRenewIn(inMinutes(0.5), now)).toBe(LINK_RENEW_BEFORE_MS);
    expect(linkRenewIn(inMinutes(-30), now)).toBe(LINK_RENEW_BEFORE_MS);
    expect(linkRenewIn('not a date', now)).toBe(LINK_RENEW_BEFORE_MS);
  });
});

describe('uploads', () => {
  /** A refusal as the API client makes it from the server's answer. */
  const refusal = (status: number, message: string) => new ApiError(status, message, { message });

  it("say a refusal in the server's words, without the field it names", () => {
    const tooLarge = refusal(413, 'body: the file is larger than the 25 MB allowed (ATTACHMENT_MAX_BYTES)');
    expect(uploadFailure('a.zip', tooLarge)).toBe(
      'Could not attach a.zip: the file is larger than the 25 MB allowed (ATTACHMENT_MAX_BYTES)',
    );
    const quota =
      "The project's attachments would take 5120.1 MB of the 5120 MB allowed (ATTACHMENT_PROJECT_QUOTA_BYTES).";
    expect(uploadFailure('a.zip', refusal(409, quota))).toBe(`Could not attach a.zip: ${quota}`);
    expect(uploadFailure('a.zip', new TypeError('Failed to fetch'))).toBe(
      'Could not attach a.zip: the connection was lost',
    );
    expect(uploadFailure('a.zip', new ApiError(500, 'Request failed (500)', undefined))).toBe(
      'Could not attach a.zip: the upload failed',
    );
  });

  it("add up an issue's progress over its files", () => {
    const upload = (issueId: string, loaded: number, total: number): Upload => ({
      id: loaded,
      issueId,
      fileName: 'f',
      loaded,
      total,
      abort: () => {},
    });
    const uploads = [upload('1', 100, 400), upload('1', 300, 600), upload('2', 0, 50)];
    expect(progressOf(uploads, '1')).toBe(0.4);
    expect(progressOf(uploads, '3')).toBeNull();
  });
});
