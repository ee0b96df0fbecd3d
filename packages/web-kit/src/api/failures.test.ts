import { ApiError } from './api-client';
import { errorReason, retryUnlessClientError } from './failures';

describe('errorReason', () => {
  it.each([
    [
      'the server message',
      new ApiError(500, 'Database unavailable', { message: 'Database unavailable' }),
      'Database unavailable',
    ],
    [
      'the default for an API error without a message',
      new ApiError(502, 'Request failed (502)', undefined),
      'Failed to fetch board',
    ],
    ["the error's own message (offline)", new TypeError('Failed to fetch'), 'Failed to fetch'],
    ['the default for an error without a message', new Error(''), 'Failed to fetch board'],
    ['the default for anything else', 'boom', 'Failed to fetch board'],
  ])('says %s', (_case, error, text) => {
    expect(errorReason(error, 'Failed to fetch board')).toBe(text);
  });
});

describe('retryUnlessClientError', () => {
  it.each([
    [new ApiError(404, 'Not found', undefined), false],
    [new ApiError(403, 'Forbidden', undefined), false],
    [new ApiError(500, 'Oops', undefined), true],
    [new TypeError('Failed to fetch'), true],
  ])('%s → %s', (error, retry) => {
    expect(retryUnlessClientError(error)).toBe(retry);
  });
});
