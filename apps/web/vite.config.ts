import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { buildManifestPlugin } from './build/build-manifest-plugin.ts';
import { CONTENT_SECURITY_POLICY } from './build/content-security-policy.ts';

/** Fleetdeck's SPA build: hashed route chunks, a Vite manifest for the bundle budget, build metadata for skew detection. */
export default defineConfig({
  plugins: [react(), tailwindcss(), buildManifestPlugin()],
  build: {
    manifest: true,
    target: 'es2022',
    // Route chunks are small on purpose; keep the default warning honest.
    chunkSizeWarningLimit: 250,
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.FLEETDECK_API_PORT ?? '3000'}` },
  },
  preview: {
    // Same policy as the production server, so `vite preview` surfaces CSP violations too.
    headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
  },
});
