/** @jest-environment node */
import { answer, fakeApi } from '../testing/fake-api';
import { appTitleOf, defaultAppConfig, loadAppConfig, useAppConfig } from './app-config';

beforeEach(() => useAppConfig.setState({ ...defaultAppConfig, loaded: false }));

describe('app configuration', () => {
  it("starts from the gateway's defaults", () => {
    expect(appTitleOf(useAppConfig.getState())).toBe('Trackboard');
    expect(useAppConfig.getState().supportEmail).toBe('admin@trackboard.local');
  });

  it('takes what GET /app-config.json answers, once', async () => {
    const server = fakeApi({
      'GET /app-config.json': answer(200, { name: 'Tracker', provider: 'Acme', supportEmail: 'help@acme.test' }),
    });
    await Promise.all([loadAppConfig(), loadAppConfig()]);
    await loadAppConfig();
    expect(appTitleOf(useAppConfig.getState())).toBe('Tracker by Acme');
    expect(useAppConfig.getState().supportEmail).toBe('help@acme.test');
    expect(server.calls).toHaveLength(1);
  });

  it.each([
    ['a failed answer', answer(503)],
    ['an unexpected shape', answer(200, { name: 'Tracker' })],
  ])('keeps the defaults on %s, with a warning', async (_case, reply) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi({ 'GET /app-config.json': reply });
    await loadAppConfig();
    expect(useAppConfig.getState()).toMatchObject({ ...defaultAppConfig, loaded: false });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
