// Builds the web app (with Vite's manifest and our build manifest) and configures its unit tests.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';
import { reactRouterTreeShaking } from './build/react-router-tree-shaking.ts';
import { terserPass } from './build/terser-pass.ts';

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

/** Modules the first paint of the home page runs: reached by static imports from these. */
const ENTRY = /\/src\/main\.tsx$/;
const HOME_ROUTE = /\/src\/app\/routes\/home\.tsx$/;
const FIRST_PAINT_ROOTS = [ENTRY, HOME_ROUTE];

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/**
 * Names the one chunk holding everything the home page needs before it paints (null for the
 * rest, which keeps Rolldown's automatic splitting). One chunk instead of twenty compresses
 * better, and no lazily loaded module joins it.
 */
function firstPaintChunk() {
  const isRoot = (id: string) => FIRST_PAINT_ROOTS.some((root) => root.test(id));
  // One build's answers (a config serves one `vite build`).
  const firstPaint = new Set<string>();
  const notFirstPaint = new Set<string>();
  /** Whether a root reaches the module by static imports: a walk up its importers. */
  const isFirstPaint = (id: string, graph: ModuleGraph): boolean => {
    if (firstPaint.has(id)) return true;
    if (notFirstPaint.has(id)) return false;
    const seen = new Set([id]);
    const queue = [id];
    for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
      if (isRoot(current) || firstPaint.has(current)) {
        firstPaint.add(id);
        return true;
      }
      for (const importer of graph.getModuleInfo(current)?.importers ?? []) {
        if (seen.has(importer) || notFirstPaint.has(importer)) continue;
        seen.add(importer);
        queue.push(importer);
      }
    }
    // No root above any of them: none of the modules walked is first-paint either.
    for (const walked of seen) notFirstPaint.add(walked);
    return false;
  };
  // The entry and the home route keep chunks of their own (index.html and the size budget
  // find them by name); what they import joins the shell.
  return (id: string, graph: ModuleGraph) => (!isRoot(id) && isFirstPaint(id, graph) ? 'shell' : null);
}

// react-router's package exports point every bundler at its development build; production builds
// take the production one (no dev warnings, a third smaller).
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ mode }) => ({
  plugins: [react(), reactRouterTreeShaking(), buildManifest(), terserPass(), precompress()],
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // Every browser the shop supports preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: firstPaintChunk() }] } } },
  },
  server: {
    // The Host header goes through unchanged: the tenant service finds the network by it
    // (open http://<slug>.localhost:5173/).
    proxy: Object.fromEntries(
      ['/api', '/alerts', '/bootstrap.json', '/tenant', '/build-manifest.json'].map((path) => [
        path,
        { target: TENANT_SERVICE, changeOrigin: false },
      ]),
    ),
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    testTimeout: 15_000,
  },
}));
