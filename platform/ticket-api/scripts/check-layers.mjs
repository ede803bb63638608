#!/usr/bin/env node
// Lists the ticket API's imports that run from a lower layer to a higher one (src/README.md's
// layers), and service files that import another capability's routes. Test files and
// test-support sit above every layer and are not checked; two capabilities whose services import
// each other are listed too. Exits 1 when it finds any.
// Usage: node scripts/check-layers.mjs [src folder]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = resolve(process.argv[2] ?? resolve(dirname(fileURLToPath(import.meta.url)), '../src'));

// Highest first. The first rule whose prefix matches a path (relative to src) gives its layer.
const layers = [
  ['app', ['main.ts', 'app.ts']],
  ['http+jobs', ['http/', 'jobs/']],
  ['services', ['services/']],
  ['mail+storage+tenants+queue', ['mail/', 'storage/', 'tenants/', 'queue/']],
  ['db', ['db/', 'hot-path/']],
  ['base', ['clock.ts', 'logger.ts', 'env.ts', 'mail-sender.ts', 'security/', 'web-crypto-globals.d.ts']],
];

/** A capability's routes are its http face: they sit with http/. */
const isRoutes = (path) => /^services\/.*-routes\.ts$/.test(path);

const layerOf = (path) => {
  if (isRoutes(path)) return { rank: layers.length - 1, name: 'http+jobs' };
  const index = layers.findIndex(([, prefixes]) => prefixes.some((p) => path === p || path.startsWith(p)));
  return index === -1 ? undefined : { rank: layers.length - index, name: layers[index][0] };
};

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|mts)$/.test(name) ? [path] : [];
  });

const isTest = (path) => /\.test\.ts$/.test(path) || path.startsWith('test-support/');
const capabilityOf = (path) => /^services\/([^/]+)\//.exec(path)?.[1];

const problems = [];
/** Capability -> the capabilities its services (not its routes) import. */
const uses = new Map();
for (const file of files(src)) {
  const from = relative(src, file);
  if (isTest(from)) continue;
  const fromLayer = layerOf(from);
  const text = readFileSync(file, 'utf8');
  for (const [, spec] of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
    const to = relative(src, resolve(dirname(file), spec)).replace(/\.js$/, '.ts');
    const toLayer = layerOf(to);
    if (!fromLayer || !toLayer) {
      problems.push(`${from} -> ${to}: no layer for ${!fromLayer ? from : to}`);
    } else if (toLayer.rank > fromLayer.rank) {
      problems.push(`${from} (${fromLayer.name}) -> ${to} (${toLayer.name})`);
    } else if (capabilityOf(from) && capabilityOf(to) !== capabilityOf(from) && isRoutes(to)) {
      problems.push(`${from} -> ${to}: another capability's routes`);
    }
    if (
      capabilityOf(from) &&
      capabilityOf(to) &&
      capabilityOf(to) !== capabilityOf(from) &&
      !isRoutes(from)
    ) {
      const key = `${capabilityOf(from)} -> ${capabilityOf(to)}`;
      uses.set(key, [...(uses.get(key) ?? []), `${from} -> ${to}`]);
    }
  }
}
// Two capabilities that import each other's services: one of them should hold the shared piece.
for (const [key, imports] of uses) {
  const [a, b] = key.split(' -> ');
  if (a < b && uses.has(`${b} -> ${a}`))
    problems.push(
      `capabilities ${a} and ${b} import each other: ${[...imports, ...uses.get(`${b} -> ${a}`)].join(', ')}`,
    );
}
for (const problem of problems) console.log(problem);
console.log(`${problems.length} upward import(s)`);
process.exit(problems.length ? 1 : 0);
