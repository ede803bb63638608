// The whole platform as `npm start` runs it, on the embedded database in memory, for the page
// benchmarks (bench:lighthouse, bench:profile): started in its own process group, waited for
// until its tenant service answers, stopped with the group.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './loopback.ts';
import { sleep } from './measure.ts';

export type DemoPlatform = { stop(): void };

/** Starts the platform on `port` (the web app already built, in WEB_DIST_DIR when `webDist` says). */
export async function startDemoPlatform(
  port: number,
  options: { webDist?: string } = {},
): Promise<DemoPlatform> {
  const webDist = options.webDist ?? join(root, 'platform/web/dist');
  if (!existsSync(join(webDist, 'index.html')))
    throw new Error('build the web app first: npx turbo run build --filter=@transit-shop/web');
  const platform = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SKIP_BUILD: '1',
      ...(options.webDist ? { WEB_DIST_DIR: options.webDist } : {}),
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      WATCH_TENANTS: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    if (platform.pid && platform.exitCode === null) process.kill(-platform.pid, 'SIGTERM');
  };
  process.on('exit', stop);
  // Node does not resolve *.localhost names (Chromium and curl do): the service answers on loopback.
  const health = `http://127.0.0.1:${port}/healthz`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(health)).ok) return { stop };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  stop();
  throw new Error(`${health} did not answer in time`);
}
