import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('applies defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('writes readable logs on a terminal, JSON lines otherwise or when asked', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
  });

  it('lists every bad variable in one readable message', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const error = thrown as ConfigError;
    expect(error.issues).toHaveLength(3);
    expect(error.message).toContain('PORT="eighty"');
    expect(error.message).toContain('DATABASE_URL="mysql://x": must start with postgres://');
    expect(error.message).toContain('LOG_LEVEL="loud"');
  });

  it('treats empty strings as unset so shells can blank a variable', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
