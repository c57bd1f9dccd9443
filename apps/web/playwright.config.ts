import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys against the real server (`apps/server/src/main.ts`) serving the built
 * app (`npm run build` first), in Debian's Chromium. The port and data directory are chosen
 * once in the runner process; workers inherit them through the environment.
 */
const repoRoot = join(import.meta.dirname, '..', '..');
const serverMain = join(repoRoot, 'apps', 'server', 'src', 'main.ts');

process.env.FLEETDECK_E2E_PORT ??= freePort();
process.env.FLEETDECK_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'fleetdeck-e2e-'));
const port = Number(process.env.FLEETDECK_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const useServer = existsSync(serverMain);

function freePort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

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
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // The real server when it exists; `vite preview` (same CSP, no server rules) otherwise.
    command: useServer
      ? `${JSON.stringify(process.execPath)} ${JSON.stringify(serverMain)}`
      : `npx vite preview --port ${port} --strictPort --host 127.0.0.1`,
    cwd: useServer ? repoRoot : import.meta.dirname,
    url: useServer ? `${baseURL}/healthz` : baseURL,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.FLEETDECK_E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Journeys load many chunks quickly; the production default would throttle them.
      RATE_LIMIT_MAX: '100000',
      NODE_ENV: 'production',
    },
  },
});
