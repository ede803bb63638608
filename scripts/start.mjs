#!/usr/bin/env node
// Starts the platform as a user does with `npm start`: builds the web app when it has not been
// built (or when asked), then runs the tenant service, which serves every demo network.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'platform', 'web', 'dist', 'index.html');
const skipBuild = process.env.SKIP_BUILD === '1' && existsSync(builtIndex);

if (!skipBuild) {
  console.log('Building the web app...');
  const build = spawnSync(
    'npx',
    ['turbo', 'run', 'build', '--filter=@transit-shop/web', '--output-logs=errors-only'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const service = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'platform', 'tenant-service', 'src', 'main.ts')],
  { cwd: root, stdio: 'inherit', env: process.env },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => service.kill(signal));
}
service.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
