import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run covers every workspace. The server project runs on an embedded PostgreSQL that
 * its global setup starts, or on the PostgreSQL server of DATABASE_URL (scripts/test.ts runs both).
 */
export default defineConfig({
  test: {
    // Why: most test files spend their time waiting on PostgreSQL, the Google emulator and timers,
    // not on the CPU; twice as many files at once as on a 2-core machine measured the server suite
    // at 376 s instead of 574 s, all passing.
    maxWorkers: Math.max(4, os.availableParallelism()),
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: { name: 'google', root: 'packages/google', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      {
        test: {
          name: 'google-emulator',
          root: 'packages/google-emulator',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/embedded-test-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] } },
    ],
  },
});
