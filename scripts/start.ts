import { ensureWebBuild } from './lib/web-build.ts';

ensureWebBuild();
await import('../apps/server/src/main.ts');
