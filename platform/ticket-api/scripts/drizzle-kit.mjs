#!/usr/bin/env node
// Runs drizzle-kit with this workspace's drizzle-orm. npm hoists drizzle-kit to the repository's
// node_modules but keeps drizzle-orm in this workspace's, where drizzle-kit cannot see it: its
// require() calls find it through NODE_PATH, its import() calls through the resolve hook below.
// Usage: node scripts/drizzle-kit.mjs generate
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { delimiter } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const workspacePackage = new URL('../package.json', import.meta.url).href;

/** Module hook (this file, loaded again with --import): drizzle-orm resolves from this workspace. */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return nextResolve(specifier, { ...context, parentURL: workspacePackage });
  }
  return nextResolve(specifier, context);
}

/** Registers the hook when this file is loaded with --import. */
export async function initialize() {}

const isEntryPoint = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  const kitMain = pathToFileURL(createRequire(workspacePackage).resolve('drizzle-kit'));
  const bin = fileURLToPath(new URL('bin.cjs', kitMain));
  const register = `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(import.meta.url)});`;
  const workspaceModules = fileURLToPath(new URL('../node_modules', import.meta.url));
  const nodePath = [workspaceModules, process.env.NODE_PATH].filter(Boolean).join(delimiter);
  const { status } = spawnSync(process.execPath, ['--import', register, bin, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_PATH: nodePath },
  });
  process.exit(status ?? 1);
}
