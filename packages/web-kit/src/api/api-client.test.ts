import { api, ApiError } from './api-client';

const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>();

function answer(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, text: async () => text } as Response;
}

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

describe('api client', () => {
  it('calls /api with JSON and the stored bearer token', async () => {
    localStorage.setItem('token', 'abc');
    fetchMock.mockResolvedValue(answer(201, { id: 3, key: 'WEB' }));

    await expect(api.post('/projects', { name: 'Web', key: 'WEB' })).resolves.toEqual({ id: 3, key: 'WEB' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/projects');
    expect(init).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ name: 'Web', key: 'WEB' }),
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer abc' },
    });
  });

  it('sends no Authorization header without a stored token', async () => {
    fetchMock.mockResolvedValue(answer(200, []));
    await api.get('/projects');
    expect(fetchMock.mock.calls[0]![1]!.headers).not.toHaveProperty('Authorization');
  });

  it("rejects a non-2xx answer with an ApiError carrying the server's message", async () => {
    fetchMock.mockResolvedValue(answer(404, { message: 'Board not found' }));
    const failure = api.get('/boards/9');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: 'Board not found' });
  });

  it('answers undefined for an empty body', async () => {
    fetchMock.mockResolvedValue(answer(204));
    await expect(api.delete('/issues/1')).resolves.toBeUndefined();
  });
});
