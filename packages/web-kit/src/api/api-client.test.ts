import { act } from '@testing-library/react';
import { setLanguage } from '../i18n/i18n';
import { kitText } from '../i18n/kit-messages';
import { useSession } from '../session/session-store';
import { api, ApiError, apiRequest, onUnauthorized, serverMessage } from './api-client';
import { setLoadedRemoteVersion } from './remote-versions';

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

  it('sends a file as it is, with its own type (an import)', async () => {
    fetchMock.mockResolvedValue(answer(202, { id: '5' }));
    const file = new File(['Title\nA\n'], 'issues.csv', { type: 'text/csv' });
    await apiRequest('/imports?format=csv', { method: 'POST', file });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init!.body).toBe(file);
    expect(init!.headers).toMatchObject({ 'Content-Type': 'text/csv' });
  });

  it('answers undefined for an empty body', async () => {
    fetchMock.mockResolvedValue(answer(204));
    await expect(api.delete('/issues/1')).resolves.toBeUndefined();
  });
});

describe('the releases of the loaded remotes', () => {
  // One test from start to end: the versions a page loaded stay for the page's life.
  it('are sent as X-Remote-Versions once a remote has loaded, in a stable order, and not before', async () => {
    fetchMock.mockResolvedValue(answer(200, []));
    await api.get('/projects');
    expect(fetchMock.mock.calls[0]![1]!.headers).not.toHaveProperty('X-Remote-Versions');

    setLoadedRemoteVersion('mf_admin', 'bundled');
    setLoadedRemoteVersion('mf_boards', '0.2.0-1a2b3c4d');
    await api.get('/projects');
    expect(fetchMock.mock.calls[1]![1]!.headers).toMatchObject({
      'X-Remote-Versions': 'mf_boards=0.2.0-1a2b3c4d,mf_admin=bundled',
    });
  });
});

describe('the 401 rule', () => {
  beforeEach(() => {
    useSession.getState().signIn('abc', { id: '1', email: 'a@example.com' });
  });

  it('clears the stored token and user and leaves for /login on a 401 from any call but login', async () => {
    const leave = jest.fn();
    const unregister = onUnauthorized(leave);
    fetchMock.mockResolvedValue(answer(401, { message: 'Invalid or expired token' }));

    await expect(api.get('/projects')).rejects.toMatchObject({ status: 401, message: 'Invalid or expired token' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: null, user: null });
    expect(leave).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('passes a 401 from the login call to the caller and clears nothing', async () => {
    const leave = jest.fn();
    const unregister = onUnauthorized(leave);
    fetchMock.mockResolvedValue(answer(401, { message: 'Invalid email or password.' }));

    await expect(api.post('/auth/login', { email: 'a@example.com', password: 'x' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password.',
    });
    expect(localStorage.getItem('token')).toBe('abc');
    expect(useSession.getState().token).toBe('abc');
    expect(leave).not.toHaveBeenCalled();
    unregister();
  });

  it.each(['/auth/oidc/session', '/auth/oidc/link'])(
    'passes a 401 from completing single sign-on (%s) to the caller and clears nothing',
    async (path) => {
      const leave = jest.fn();
      const unregister = onUnauthorized(leave);
      fetchMock.mockResolvedValue(answer(401, { message: 'Invalid email or password.' }));
      await expect(api.post(path, { password: 'x' })).rejects.toMatchObject({ status: 401 });
      expect(useSession.getState().token).toBe('abc');
      expect(leave).not.toHaveBeenCalled();
      unregister();
    },
  );

  it('passes other statuses through unchanged', async () => {
    const leave = jest.fn();
    const unregister = onUnauthorized(leave);
    fetchMock.mockResolvedValue(answer(403, { message: 'Your account is not active.' }));
    await expect(api.get('/projects')).rejects.toMatchObject({ status: 403 });
    expect(useSession.getState().token).toBe('abc');
    expect(leave).not.toHaveBeenCalled();
    unregister();
  });

  it('restores the previous handler on unregister', async () => {
    const outer = jest.fn();
    const inner = jest.fn();
    const unregisterOuter = onUnauthorized(outer);
    onUnauthorized(inner)();
    fetchMock.mockResolvedValue(answer(401));
    await expect(api.get('/projects')).rejects.toBeInstanceOf(ApiError);
    expect(outer).toHaveBeenCalledTimes(1);
    expect(inner).not.toHaveBeenCalled();
    unregisterOuter();
  });
});

describe('serverMessage', () => {
  it("is the server's { message } only", () => {
    expect(serverMessage(new ApiError(409, 'x', { message: 'An account with this email already exists.' }))).toBe(
      'An account with this email already exists.',
    );
    expect(serverMessage(new ApiError(500, 'Request failed (500)', undefined))).toBeUndefined();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  describe('on a German page', () => {
    beforeEach(() => act(() => setLanguage('de')));
    afterEach(() => act(() => setLanguage(null)));

    it("says a message of the server's catalogue in German, and any other as the server sent it", () => {
      const said = (message: string) => serverMessage(new ApiError(409, message, { message }));
      expect(said('An account with this email already exists.')).toBe(
        'Ein Konto mit dieser E-Mail-Adresse existiert bereits.',
      );
      expect(said('password: is too easy to guess. Use a longer passphrase that is not a common password.')).toBe(
        'password: ist zu leicht zu erraten. Verwenden Sie eine längere Passphrase, die kein gängiges Passwort ist.',
      );
      expect(said('Something the catalogue does not know.')).toBe('Something the catalogue does not know.');
    });

    it("says web-kit's own words in German", async () => {
      expect(kitText('justNow')).toBe('gerade eben');
      fetchMock.mockResolvedValue(answer(502));
      await expect(api.get('/projects')).rejects.toThrow('Anfrage fehlgeschlagen (502)');
    });
  });

  it('is back in English once the page is', () => {
    const message = 'An account with this email already exists.';
    expect(serverMessage(new ApiError(409, message, { message }))).toBe(message);
    expect(kitText('justNow')).toBe('just now');
  });
});
