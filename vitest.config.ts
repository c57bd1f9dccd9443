import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Loaded by every project: a test that writes to console.error fails. */
const setupFiles = [fileURLToPath(new URL('./tools/test/fail-on-console-error.ts', import.meta.url))];

/**
 * One Vitest run covers every workspace. The server project runs on an embedded PostgreSQL that
 * its global setup starts, or on the PostgreSQL server of DATABASE_URL (scripts/test.ts runs both).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], setupFiles } },
      {
        test: {
          name: 'google',
          root: 'packages/google',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          setupFiles,
        },
      },
      {
        test: {
          name: 'google-emulator',
          root: 'packages/google-emulator',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          setupFiles,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/embedded-test-server.ts'],
          setupFiles,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Runs in Node. Render tests (*.test.tsx with Testing Library) start with
        // `// @vitest-environment jsdom`: apps/web/src/test/render-page.tsx refuses to load without
        // a DOM and fakes only the network (docs/ARCHITECTURE.md, apps/web/src/test/).
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          setupFiles,
        },
      },
    ],
  },
});
