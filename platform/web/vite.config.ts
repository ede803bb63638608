// Builds the web app (with Vite's manifest and our build manifest) and configures its unit tests.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
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

/** The roots of the home page's first paint: the page's entry and the home route. */
const ENTRY_PAGE = fileURLToPath(new URL('./index.html', import.meta.url));
const HOME_ROUTE = fileURLToPath(new URL('./src/app/routes/home.tsx', import.meta.url));
const FIRST_PAINT_ROOTS = [/\/src\/main\.tsx$/, /\/src\/app\/routes\/home\.tsx$/];

/**
 * Names the one chunk holding everything the home page needs before it paints: the modules
 * Rolldown tags `$initial`, those an entry imports statically once tree shaking has removed
 * the imports nobody uses (a library's index file reaching its every component does not
 * count). One chunk instead of twenty compresses better, and no lazily loaded module joins it.
 * Rolldown puts the group in the entry's chunk; the home route keeps a chunk of its own, which
 * the size budget finds by name.
 */
const firstPaintChunk = (id: string) => (FIRST_PAINT_ROOTS.some((root) => root.test(id)) ? null : 'shell');

// react-router's package exports point every bundler at its development build; production builds
// take the production one (no dev warnings, a third smaller).
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);
// react-i18next and @xstate/react import the hook from use-sync-external-store's shim, whose
// fallback for React before 18 would otherwise ride along with the first paint.
const useSyncExternalStoreShim = fileURLToPath(
  new URL('./build/use-sync-external-store-shim.ts', import.meta.url),
);
const zodJitless = fileURLToPath(new URL('./build/zod-jitless.ts', import.meta.url));

export default defineConfig(({ mode, isSsrBuild }) => ({
  // The server's renderer (decision 0034) is built by `vite build --ssr` into dist/.server, which
  // the tenant service imports and never serves: none of the client's packaging applies to it.
  plugins: isSsrBuild
    ? [react()]
    : [react(), reactRouterTreeShaking(), buildManifest(), terserPass(), precompress()],
  // The renderer holds its packages, built for production like the browser's: left to Node, emotion
  // and MUI read NODE_ENV when the service runs, and unset it names every class after its
  // component (mui-1xaw95j-MuiTypography-root), so the browser, which names it mui-1xaw95j, would
  // insert every rule of the page again while hydrating; React's development renderer is slower too.
  ...(isSsrBuild && mode === 'production'
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  resolve: {
    alias:
      mode === 'production'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction },
            { find: /^use-sync-external-store\/shim$/, replacement: useSyncExternalStoreShim },
            { find: /^zod$/, replacement: zodJitless },
          ]
        : [],
  },
  build: {
    manifest: true,
    // The public files are the browser's: the server's renderer needs none of them.
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    sourcemap: false,
    // Every browser the shop supports preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? // One file: the service imports it with the build id in its address, and a chunk importing
        // the entry back would get a second copy of it (and of every React context in it).
        { output: { codeSplitting: false } }
      : {
          // The home route is an entry too, so that what it imports counts as initial code; the
          // router still loads it with its lazy import.
          input: { index: ENTRY_PAGE, home: HOME_ROUTE },
          // emotion imports hoist-non-react-statics for `withTheme` alone, which the app never uses;
          // the package does not say it is free of side effects, so it stayed, with a second react-is.
          treeshake: {
            moduleSideEffects: [
              { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
            ],
          },
          output: {
            codeSplitting: { groups: [{ name: firstPaintChunk, tags: ['$initial'] }] },
            // The entry names every chunk it may load: hex names (32 bits each, content hashes of a
            // hundred files) compress to about 0.2 kB less than base-64 ones in what the home page loads.
            hashCharacters: 'hex',
          },
        },
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
    // Twice the longest wait of a findBy (test/setup.ts), for tests that wait on several in a row.
    testTimeout: 30_000,
    // Every core runs a file: Vitest's default leaves one to its main process, one file at a time
    // on two cores (decision 0042).
    maxWorkers: availableParallelism(),
  },
}));
