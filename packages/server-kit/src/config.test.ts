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

  it('reads the PostgreSQL pool settings: 10 named-statement connections unless told', () => {
    expect(loadConfig(baseConfig, {})).toMatchObject({ DATABASE_POOL_SIZE: 10, DATABASE_NAMED_STATEMENTS: true });
    expect(loadConfig(baseConfig, { DATABASE_POOL_SIZE: '4', DATABASE_NAMED_STATEMENTS: 'false' })).toMatchObject({
      DATABASE_POOL_SIZE: 4,
      DATABASE_NAMED_STATEMENTS: false,
    });
  });

  it.each([
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: '201' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: '2.5' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'ten' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_NAMED_STATEMENTS: 'no' }, 'DATABASE_NAMED_STATEMENTS: must be true or false'],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(() => loadConfig(baseConfig, env)).toThrow(message);
  });
});
