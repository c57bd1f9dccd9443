import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly testDb: TestDatabase;
  close(): Promise<void>;
}

export const TEST_AUTH_SECRET = 'fleetdeck-test-secret-0123456789abcdefghijklmnop';

/** Builds the real app on a fresh migrated database; extra env shapes the config. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-fleetdeck-dist',
    // Nothing listens here: identity's Google discovery fails fast instead of reaching the internet.
    GOOGLE_ISSUER_URL: 'http://127.0.0.1:9',
    // Unset, the secret would be generated into ./data/auth-secret.key (auth-secret.test.ts does that).
    AUTH_SECRET: TEST_AUTH_SECRET,
    ...env,
  });
  const app = await buildApp({ config, database: testDb.database });
  return {
    app,
    testDb,
    close: async () => {
      await app.close();
      await testDb.cleanup();
    },
  };
}
