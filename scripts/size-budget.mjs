#!/usr/bin/env node
// Fails when the web app's JavaScript outgrows its budget: the home route's initial JavaScript
// (entry chunk, its static imports and the home route chunk with its static imports) and each
// lazily loaded chunk (at most 50 kB gzip). Reads Vite's build manifest. The initial budget is
// above the 140 kB goal: docs/decisions/0005-web-first-paint-budget.md says why.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1000;
export const INITIAL_GOAL = 140 * KB;
export const INITIAL_BUDGET = 160 * KB;
export const LAZY_CHUNK_BUDGET = 50 * KB;
export const HOME_ROUTE_MODULE = 'src/app/routes/home.tsx';

export function checkBudget(distDir) {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    return { problems: [`no build manifest at ${manifestPath}: build the web app first`], rows: [] };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const gzipSize = (file) => gzipSync(readFileSync(join(distDir, file))).length;

  const closure = (key, seen = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return seen;
    seen.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };
  const problems = [];
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) problems.push('no entry chunk in the build manifest');
  if (!manifest[HOME_ROUTE_MODULE])
    problems.push(`the home route ${HOME_ROUTE_MODULE} is not a chunk of its own`);
  const initialKeys = new Set([...closure(entryKey), ...closure(HOME_ROUTE_MODULE)]);
  const initialFiles = [
    ...new Set([...initialKeys].map((key) => manifest[key].file).filter((f) => f.endsWith('.js'))),
  ];
  const initialSize = initialFiles.reduce((sum, file) => sum + gzipSize(file), 0);
  const rows = initialFiles.map((file) => ({ file, gzip: gzipSize(file), initial: true }));
  if (initialSize > INITIAL_BUDGET) {
    problems.push(
      `home route initial JavaScript is ${(initialSize / KB).toFixed(1)} kB gzip, budget ${INITIAL_BUDGET / KB} kB`,
    );
  }
  const lazyFiles = new Set(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js') && !initialFiles.includes(file)),
  );
  for (const file of lazyFiles) {
    const gzip = gzipSize(file);
    rows.push({ file, gzip, initial: false });
    if (gzip > LAZY_CHUNK_BUDGET) {
      problems.push(
        `lazy chunk ${file} is ${(gzip / KB).toFixed(1)} kB gzip, budget ${LAZY_CHUNK_BUDGET / KB} kB`,
      );
    }
  }
  return { problems, rows, initialSize };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const { problems, rows, initialSize } = checkBudget(join(root, 'platform', 'web', 'dist'));
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `${row.initial ? 'initial' : 'lazy   '}  ${(row.gzip / KB).toFixed(1).padStart(6)} kB  ${row.file}`,
    );
  }
  if (initialSize !== undefined) {
    console.log(
      `home route initial JavaScript: ${(initialSize / KB).toFixed(1)} kB gzip (budget ${INITIAL_BUDGET / KB} kB)`,
    );
  }
  for (const problem of problems) console.error(`size budget exceeded: ${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}
