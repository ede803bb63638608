// Builds the web app (with Vite's manifest and our build manifest) and configures its unit tests.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const TENANT_SERVICE = 'http://localhost:8080';

/** Writes build-manifest.json, which open pages poll to learn that a new build is out. */
function buildManifest(): Plugin {
  return {
    name: 'build-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const builtAt = new Date().toISOString();
      const files = Object.keys(bundle).sort().join('\n');
      const buildId =
        process.env.BUILD_ID ??
        createHash('sha256').update(`${files}\n${builtAt}`).digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: 'build-manifest.json',
        source: JSON.stringify({ buildId, builtAt }),
      });
    },
  };
}

// react-router's package exports point every bundler at its development build; production builds
// take the production one (no dev warnings, a third smaller).
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ mode }) => ({
  plugins: [react(), buildManifest()],
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: { manifest: true, target: 'es2022', sourcemap: false },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/alerts', '/bootstrap.json', '/tenant', '/build-manifest.json'].map((path) => [
        path,
        TENANT_SERVICE,
      ]),
    ),
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 15_000,
  },
}));
