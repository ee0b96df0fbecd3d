import { baseConfig, ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('fills in the defaults', () => {
    const config = loadConfig(baseConfig, {});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', APP_NAME: 'Trackboard', LOG_LEVEL: 'info' });
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig(baseConfig, { DATABASE_URL: '', PORT: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
  });

  it('names the variable that holds a wrong value', () => {
    expect(() => loadConfig(baseConfig, { PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig(baseConfig, { PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
    }
  });
});
