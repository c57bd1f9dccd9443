import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { devOutboxEnabled } from '../src/routes/api.routes.ts';
import { createTestApp } from './test-app.ts';
import { backendName } from './test-database.ts';

const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'production', ...env });

describe(`the development outbox answers only on a loopback address, on ${backendName}`, () => {
  it('decides by the listening address, whatever PUBLIC_URL and the environment say', () => {
    for (const host of [
      '127.0.0.1',
      '127.8.9.10',
      'localhost',
      'LOCALHOST',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ])
      expect(devOutboxEnabled(config({ HOST: host })), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '::',
      '[::]',
      '10.0.0.5',
      '192.168.1.20',
      'fleet.school.example',
      '128.0.0.1',
    ])
      for (const env of ['production', 'development', 'test'])
        for (const publicUrl of [
          'http://localhost:3000',
          'http://127.0.0.1:3000',
          'https://fleet.school.example',
        ])
          expect(
            devOutboxEnabled(config({ HOST: host, NODE_ENV: env, PUBLIC_URL: publicUrl })),
            `${host} ${env} ${publicUrl}`,
          ).toBe(false);
    // Loopback behind a public name is still this machine alone; SMTP always turns it off.
    expect(devOutboxEnabled(config({ HOST: '127.0.0.1', PUBLIC_URL: 'https://fleet.school.example' }))).toBe(
      true,
    );
    expect(devOutboxEnabled(config({ HOST: '127.0.0.1', SMTP_URL: 'smtp://mail.school.example' }))).toBe(
      false,
    );
  });

  it('is not served to anyone when the server listens on every interface with a localhost PUBLIC_URL', async () => {
    const t = await createTestApp({ HOST: '0.0.0.0', PUBLIC_URL: 'http://localhost:3000' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('messages');
    } finally {
      await t.close();
    }
  });

  it('is served on a loopback address', async () => {
    const t = await createTestApp({ HOST: '127.0.0.1' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ messages: [] });
    } finally {
      await t.close();
    }
  });
});
