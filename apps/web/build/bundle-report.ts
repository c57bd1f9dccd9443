/**
 * Prints the gzipped first-load size of each route from `dist/.vite/manifest.json`: the entry
 * with its static imports and CSS, plus the route chunk with its own static imports.
 * Run after `npm run build`: `node apps/web/build/bundle-report.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const gz = (file: string): number => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

function files(keys: Iterable<string>, kind: 'js' | 'css'): Set<string> {
  const out = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (kind === 'js') out.add(chunk.file);
    else for (const css of chunk.css ?? []) out.add(css);
  }
  return out;
}

const sum = (set: Set<string>): number => [...set].reduce((total, file) => total + gz(file), 0);
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry in the Vite manifest; was the build run with build.manifest?');
const entryKeys = closure(entryKey);
const entryJs = files(entryKeys, 'js');
const entryCss = files(entryKeys, 'css');
console.log(
  `entry ${manifest[entryKey]?.file}: JS ${kb(sum(entryJs))} gzip (${entryJs.size} files), CSS ${kb(sum(entryCss))} gzip`,
);

for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const own = files(closure(key), 'js');
  const extra = new Set([...own].filter((file) => !entryJs.has(file)));
  const total = sum(new Set([...entryJs, ...extra])) + sum(entryCss);
  console.log(
    `${(chunk.src ?? key).padEnd(36)} route ${kb(sum(extra)).padStart(8)}   first load (JS+CSS) ${kb(total).padStart(9)}`,
  );
}
