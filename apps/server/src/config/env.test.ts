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

  it('refuses PostgreSQL in production without AUTH_SECRET, saying what to set', () => {
    const url = 'postgres://fleetdeck@db:5432/fleetdeck';
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
      /AUTH_SECRET="": required in production with DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: url, AUTH_SECRET: '' })).toThrow(/openssl rand -base64 48/);
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATABASE_URL: url, AUTH_SECRET: secret }).authSecret).toBe(secret);
    // Development and the embedded database keep a generated key file instead.
    expect(loadConfig({ DATABASE_URL: url, NODE_ENV: 'development' }).authSecret).toBeUndefined();
    expect(loadConfig({}).authSecret).toBeUndefined();
  });
});
