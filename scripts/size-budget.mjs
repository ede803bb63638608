#!/usr/bin/env node
// Fails when the web app's JavaScript outgrows its budget: the home route's initial JavaScript
// (entry chunk, its static imports and the home route chunk with its static imports), counted as
// browsers receive it, brotli, at most 130 kB (decision 0034, which replaced 0005's 140 kB gzip
// goal); and each lazily loaded chunk, at most 50 kB gzip. Reads Vite's build manifest and counts
// the bytes the tenant service sends: the build's `.br` or `.gz` copy of a file, or zlib's
// compression of a file without one. Gzip stays printed beside brotli.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const KB = 1000;
/** Brotli bytes of the home route's initial JavaScript. */
export const INITIAL_BUDGET = 130 * KB;
export const LAZY_CHUNK_BUDGET = 50 * KB;
export const HOME_ROUTE_MODULE = 'src/app/routes/home.tsx';

/** The bytes sent for a file in one encoding: its precompressed copy, or else `compress(file)`. */
function encodedSize(path, extension, compress) {
  const copy = `${path}.${extension}`;
  return existsSync(copy) ? { size: statSync(copy).size, precompressed: true } : compress(readFileSync(path));
}

/** Sizes of a built file as served: brotli (what the initial budget counts) and gzip. */
export function servedSizes(path) {
  const gzip = encodedSize(path, 'gz', (source) => ({ size: gzipSync(source).length, precompressed: false }));
  const brotli = encodedSize(path, 'br', (source) => ({
    size: brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
    precompressed: false,
  }));
  return { gzip: gzip.size, brotli: brotli.size, precompressed: gzip.precompressed };
}

export function checkBudget(distDir) {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    return { problems: [`no build manifest at ${manifestPath}: build the web app first`], rows: [] };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const row = (file, initial) => ({ file, initial, ...servedSizes(join(distDir, file)) });

  const closure = (key, seen = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return seen;
    seen.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };
  const problems = [];
  // The page's entry (index.html); the home route is an entry of the build as well.
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('.html'));
  if (!entryKey) problems.push('no page entry in the build manifest');
  if (!manifest[HOME_ROUTE_MODULE])
    problems.push(`the home route ${HOME_ROUTE_MODULE} is not a chunk of its own`);
  const initialKeys = new Set([...closure(entryKey), ...closure(HOME_ROUTE_MODULE)]);
  const initialFiles = [
    ...new Set([...initialKeys].map((key) => manifest[key].file).filter((f) => f.endsWith('.js'))),
  ];
  const rows = initialFiles.map((file) => row(file, true));
  const initialSize = rows.reduce((sum, { gzip }) => sum + gzip, 0);
  const initialBrotli = rows.reduce((sum, { brotli }) => sum + brotli, 0);
  if (initialBrotli > INITIAL_BUDGET) {
    problems.push(
      `home route initial JavaScript is ${(initialBrotli / KB).toFixed(1)} kB brotli, budget ${INITIAL_BUDGET / KB} kB`,
    );
  }
  const lazyFiles = new Set(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js') && !initialFiles.includes(file)),
  );
  for (const file of lazyFiles) {
    const lazy = row(file, false);
    rows.push(lazy);
    if (lazy.gzip > LAZY_CHUNK_BUDGET) {
      problems.push(
        `lazy chunk ${file} is ${(lazy.gzip / KB).toFixed(1)} kB gzip, budget ${LAZY_CHUNK_BUDGET / KB} kB`,
      );
    }
  }
  return { problems, rows, initialSize, initialBrotli };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const { problems, rows, initialSize, initialBrotli } = checkBudget(join(root, 'platform', 'web', 'dist'));
  const kB = (bytes) => `${(bytes / KB).toFixed(1).padStart(6)} kB`;
  if (rows.length > 0) console.log('           gzip        brotli');
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
    // The build leaves files under 1 kB uncompressed: their zlib figure is shown.
    const source = row.precompressed ? '' : '  (no .gz copy)';
    console.log(
      `${row.initial ? 'initial' : 'lazy   '}  ${kB(row.gzip)}  ${kB(row.brotli)}  ${row.file}${source}`,
    );
  }
  if (initialSize !== undefined) {
    console.log(
      `home route initial JavaScript: ${(initialBrotli / KB).toFixed(1)} kB brotli (budget ${INITIAL_BUDGET / KB} kB), ${(initialSize / KB).toFixed(1)} kB gzip`,
    );
  }
  for (const problem of problems) console.error(`size budget exceeded: ${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}
