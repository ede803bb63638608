// Where a phone's main thread goes while a public page starts: Chromium's sampling profiler on a
// 4×-slowed CPU, a phone's viewport, from the navigation until the page has been quiet for a while
// (hydration and what follows it). Each sample's time is given to the module the running function
// comes from, found through the build's source maps: a package (@mui/material, react-dom, zod...),
// a folder of the web app (src/lib/session...), or V8's own work (compiling, garbage collection).
// Builds the web app with hidden source maps into its own folder and serves it with the platform on
// the embedded database. Prints, per page, the median of BENCH_RUNS runs (3 by default).
//
//   npm run bench:profile [-- --page lumiere-home] [-- --top 30]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { startDemoPlatform } from './support/demo-platform.ts';
import { root } from './support/loopback.ts';
import { median } from './support/measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 8370);
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Inside the repository: the server renderer it holds imports the packages from node_modules.
const DIST = process.env.BENCH_PROFILE_DIST ?? join(root, 'platform/web/.profile-dist');
const SLOWDOWN = 4;
/** The page counts as started once no task has run for this long. */
const QUIET_MS = 1500;

const NETWORKS = [
  { slug: 'lumiere', product: 1101 },
  { slug: 'wahat', product: 1201 },
  { slug: 'lakeside', product: 1301 },
] as const;

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};

function pages() {
  const all = NETWORKS.flatMap(({ slug, product }) => {
    const origin = `http://${slug}.localhost:${PORT}`;
    return [
      { name: `${slug}-home`, url: `${origin}/` },
      { name: `${slug}-product`, url: `${origin}/products/${product}` },
      { name: `${slug}-cart`, url: `${origin}/cart` },
    ];
  });
  const wanted = argument('--page');
  return wanted ? all.filter((page) => page.name === wanted) : all;
}

function buildWithSourceMaps(): void {
  const web = join(root, 'platform/web');
  const steps = [
    ['vite', 'build', '--sourcemap', 'hidden', '--outDir', DIST, '--emptyOutDir'],
    ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', join(DIST, '.server'), '--emptyOutDir'],
  ];
  for (const step of steps) {
    const { status } = spawnSync('npx', step, { cwd: web, stdio: 'inherit' });
    if (status !== 0) throw new Error(`the web build failed: ${step.join(' ')}`);
  }
}

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const consumers = new Map<string, SourceMapConsumer | null>();

/** The source map of a served script, read from the build folder. */
function consumerOf(url: string): SourceMapConsumer | null {
  const cached = consumers.get(url);
  if (cached !== undefined) return cached;
  const path = new URL(url).pathname;
  const file = join(DIST, `${path}.map`);
  const consumer = existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null;
  consumers.set(url, consumer);
  return consumer;
}

/** The module a function comes from, as a short name: a package, or a folder of the web app. */
function moduleOf(frame: CallFrame): string {
  if (!frame.url) return frame.functionName ? `(${frame.functionName.replace(/[()]/g, '')})` : '(anonymous)';
  if (!frame.url.includes('/assets/')) return `page ${new URL(frame.url).pathname}`;
  const consumer = consumerOf(frame.url);
  if (!consumer) return `script ${new URL(frame.url).pathname}`;
  const position = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!position.source) return `script ${new URL(frame.url).pathname} (unmapped)`;
  // Sources are named relative to the map's folder (dist/assets).
  const source = resolve(DIST, 'assets', position.source);
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
  if (packageMatch) {
    const [, name, rest] = packageMatch;
    // MUI is large enough to be worth one line per part (styles, system, one line per component).
    if (name === '@mui/material' || name === '@mui/system') return `${name}/${rest?.split('/')[0] ?? ''}`;
    return name ?? source;
  }
  const local = /(platform\/web\/src|packages\/[^/]+\/src)\/(.*)$/.exec(source);
  if (local) {
    const parts = (local[2] ?? '').split('/');
    return `${local[1]}/${parts.slice(0, Math.min(parts.length - 1, 2)).join('/') || parts[0]}`;
  }
  return source;
}

/** The main thread's time, in ms, per module from a profile (samples × their intervals). */
function timePerModule(profile: Profile): Map<string, number> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const times = new Map<string, number>();
  for (let index = 0; index < profile.samples.length; index += 1) {
    const node = nodes.get(profile.samples[index] ?? -1);
    if (!node) continue;
    const module = moduleOf(node.callFrame);
    if (module === '(idle)') continue;
    times.set(module, (times.get(module) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  }
  return times;
}

async function profileOnce(url: string): Promise<{ modules: Map<string, number>; longTasks: number[] }> {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      // The watch below is a script of ours, which the page's policy would refuse to evaluate.
      bypassCSP: true,
    });
    const page = await context.newPage();
    // Every long task the page sees, from its very start (the browser's own count, not a sample).
    await page.addInitScript(`
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    `);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    // Quiet: no long task for QUIET_MS (read in the page, whose clock the slowdown does not change).
    await page.waitForFunction(
      `(() => {
        const seen = window.__longTasks.length;
        if (window.__seen !== seen) {
          window.__seen = seen;
          window.__quietSince = performance.now();
          return false;
        }
        return performance.now() - window.__quietSince >= ${QUIET_MS};
      })()`,
      undefined,
      { polling: 250, timeout: 60_000 },
    );
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const longTasks = (await page.evaluate('window.__longTasks')) as number[];
    return { modules: timePerModule(profile), longTasks };
  } finally {
    await browser.close();
  }
}

/** Lighthouse's total blocking time, on the tasks seen: what each long task spends over 50 ms. */
const blockingTime = (tasks: number[]) =>
  tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0);

async function main() {
  if (!process.argv.includes('--no-build')) buildWithSourceMaps();
  const platform = await startDemoPlatform(PORT, { webDist: DIST });
  const top = Number(argument('--top') ?? 25);
  try {
    for (const page of pages()) {
      await profileOnce(page.url); // warms the server's page cache; not counted
      const runs: Awaited<ReturnType<typeof profileOnce>>[] = [];
      for (let index = 0; index < RUNS; index += 1) runs.push(await profileOnce(page.url));
      const names = new Set(runs.flatMap((run) => [...run.modules.keys()]));
      const rows = [...names]
        .map((name) => ({ name, ms: median(runs.map((run) => run.modules.get(name) ?? 0)) }))
        .sort((a, b) => b.ms - a.ms);
      const total = median(runs.map((run) => [...run.modules.values()].reduce((sum, ms) => sum + ms, 0)));
      const blocking = median(runs.map((run) => blockingTime(run.longTasks)));
      const tasks = median(runs.map((run) => run.longTasks.length));
      console.log(
        `\n## ${page.name}: main thread ${Math.round(total)} ms busy on a ${SLOWDOWN}× slower CPU, ` +
          `${tasks} long tasks blocking ${Math.round(blocking)} ms (medians of ${RUNS})\n`,
      );
      console.log('| module | ms | share |');
      console.log('|---|---|---|');
      for (const row of rows.slice(0, top))
        console.log(`| ${row.name} | ${Math.round(row.ms)} | ${((row.ms / total) * 100).toFixed(1)} % |`);
    }
  } finally {
    platform.stop();
  }
}

await main();
