import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys against what `npm start` runs (`scripts/start.ts`): the real server serving
 * the built app, with the local Google emulator as the identity provider and Google APIs, in
 * Debian's Chromium. Ports and the data directory are chosen once in the runner process; workers
 * inherit them through the environment. The browser uses the same origin as PUBLIC_URL, because
 * cookies and the server's Origin checks depend on it.
 */
const repoRoot = join(import.meta.dirname, '..', '..');
const startScript = join(repoRoot, 'scripts', 'start.ts');

process.env.FLEETDECK_E2E_PORT ??= freePort();
process.env.FLEETDECK_E2E_EMULATOR_PORT ??= freePort();
process.env.FLEETDECK_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'fleetdeck-e2e-'));
const port = Number(process.env.FLEETDECK_E2E_PORT);
const baseURL = `http://localhost:${port}`;

function freePort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

const signedInOwner = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  storageState: join(import.meta.dirname, 'test-results', '.auth', 'owner.json'),
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // The first-sign-in journey creates the organization and signs its owner in for the others.
    { name: 'identity-setup', testMatch: /identity\.setup\.ts$/, teardown: 'fleet-growth' },
    {
      name: 'chromium',
      dependencies: ['identity-setup'],
      testIgnore: /(fleet-growth|plans)\.spec\.ts$/,
      use: signedInOwner,
    },
    // Journeys that grow the shared fleet at Google (the live fleet table, the 2,000-row change plan),
    // whereas the others count on the fleet onboarding copied: as identity-setup's teardown they
    // start once every journey signed in by it is done, one at a time (each counts what it added).
    // Alone: `playwright test identity.setup.ts fleet-growth.spec.ts plans.spec.ts`.
    {
      name: 'fleet-growth',
      testMatch: /(fleet-growth|plans)\.spec\.ts$/,
      workers: 1,
      use: signedInOwner,
    },
  ],
  webServer: {
    command: `${JSON.stringify(process.execPath)} ${JSON.stringify(startScript)}`,
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // Stopped as an admin would stop it, so it stops its embedded PostgreSQL too (a SIGKILL, the
    // default, would leave that server running after the journeys).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    // scripts/start.ts rebuilds the app first when its sources are newer than the build.
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      EMULATOR_PORT: process.env.FLEETDECK_E2E_EMULATOR_PORT,
      DATA_DIR: process.env.FLEETDECK_E2E_DATA_DIR,
      FLEET_SIZE: '300',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Journeys load many chunks and sign in often; the production default would throttle them.
      RATE_LIMIT_MAX: '100000',
      NODE_ENV: 'production',
      // Each test sends its own X-Forwarded-For (e2e/fixtures.ts), so rate limits count per test.
      TRUST_PROXY: 'true',
    },
  },
});
