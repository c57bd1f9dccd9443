import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BUILT_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

/** Why: `npm start` and `npm test` build the SPA only when its sources are newer than the build. */
export function ensureWebBuild(options: { force?: boolean } = {}): void {
  const reason = options.force ? 'requested' : staleReason();
  if (!reason) return;
  process.stdout.write(`Building the web app (${reason})...\n`);
  const result = spawnSync('npm', ['run', 'build', '-w', '@fleetdeck/web'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) throw new Error('The web app build failed; see the output above.');
}

function staleReason(): string | null {
  if (!existsSync(BUILT_INDEX)) return 'not built yet';
  const builtAt = statSync(BUILT_INDEX).mtimeMs;
  for (const source of SOURCES) {
    const newest = newestMtime(path.join(ROOT, source));
    if (newest > builtAt) return `${source} changed since the last build`;
  }
  return null;
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}
