import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { round } from './report.ts';

/** Gzipped first-load JavaScript and CSS per route, read from Vite's manifest of a production build. */

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Why: the first-load budget is per route: entry chunks plus the route's chunk and its static imports. */
export function firstLoadPerRoute(dist: string) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  };
  const entryKeys = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, entryKeys);
  const routeKeys = Object.keys(manifest).filter(
    (key) => manifest[key]?.isDynamicEntry && /\/routes\//.test(key),
  );
  return routeKeys.map((routeKey) => {
    const keys = new Set(entryKeys);
    closure(routeKey, keys);
    const files = [...keys]
      .map((k) => manifest[k]?.file)
      .filter((f): f is string => Boolean(f?.endsWith('.js')));
    const css = [...new Set([...keys].flatMap((k) => manifest[k]?.css ?? []))];
    const bytes = files.map((f) => readFileSync(path.join(dist, f)));
    return {
      route: path.basename(routeKey).replace(/\.[jt]sx?$/, ''),
      files: files.length,
      rawKb: round(bytes.reduce((sum, b) => sum + b.length, 0) / 1024),
      gzipKb: round(bytes.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) / 1024),
      cssGzipKb: round(
        css.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0) /
          1024,
      ),
    };
  });
}
