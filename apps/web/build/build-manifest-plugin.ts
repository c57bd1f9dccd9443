import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { ROUTE_RULES } from '@fleetdeck/shared/route-rules';

/** Name of the `<meta>` tag that tells the running app which build it is. */
export const BUILD_ID_META_NAME = 'fleetdeck-build-id';

/**
 * Why: a deployment must be detectable by open tabs. The build id is a hash of the emitted
 * (content-hashed) file names, so identical sources give the same id and any change gives a
 * new one, without baking the id into a chunk (which would defeat long-term caching).
 */
export function buildIdFromFileNames(fileNames: readonly string[]): string {
  const hash = createHash('sha256');
  for (const name of [...fileNames].sort()) hash.update(`${name}\n`);
  hash.update(JSON.stringify(ROUTE_RULES));
  return hash.digest('hex').slice(0, 12);
}

/**
 * Why: writes `builds/latest.json` (polled by open tabs) and `builds/meta/<id>.json` (the
 * route-rule manifest), and stamps the id into index.html, which the server never caches.
 */
export function buildManifestPlugin(): Plugin {
  let buildId: string | null = null;
  return {
    name: 'fleetdeck:build-manifest',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const fileNames = Object.keys(bundle).filter(
          (name) => !name.endsWith('.html') && !name.startsWith('.vite/') && !name.startsWith('builds/'),
        );
        buildId = buildIdFromFileNames(fileNames);
        const timestamp = Date.now();
        this.emitFile({
          type: 'asset',
          fileName: 'builds/latest.json',
          source: `${JSON.stringify({ id: buildId, timestamp })}\n`,
        });
        this.emitFile({
          type: 'asset',
          fileName: `builds/meta/${buildId}.json`,
          source: `${JSON.stringify({ id: buildId, timestamp, routeRules: ROUTE_RULES }, null, 2)}\n`,
        });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!buildId)
          throw new Error('fleetdeck:build-manifest: the build id was not computed before index.html');
        return [{ tag: 'meta', attrs: { name: BUILD_ID_META_NAME, content: buildId }, injectTo: 'head' }];
      },
    },
  };
}
