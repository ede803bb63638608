// Lighthouse's mobile run (a simulated mid-range phone on slow 4G) on each demo network's home, a
// product page and the cart, in the network's default language, with Debian's Chromium (decision
// 0034). Starts the platform on the embedded database in memory, runs each page BENCH_RUNS times
// (3 by default) in turns with a reference page (a plain React and MUI page of a comparable size,
// server-rendered and hydrated whole: reference-page/), and prints the medians against the goals,
// each page's total blocking time as a ratio to the reference's measured beside it, then what
// keeps a category under 100. It asserts nothing: the machines are shared, so read the medians.
//
//   npm run bench:lighthouse [-- --page lumiere-home]
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startDemoPlatform } from './support/demo-platform.ts';
import { root } from './support/loopback.ts';
import { median } from './support/measure.ts';
import { serveReferencePage } from './support/reference-page.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 8170);
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The goals: decision 0034's, and the total blocking time within 1.25× the reference page's. */
const GOALS = { performance: 95, others: 100, lcpMs: 2000, tbtRatio: 1.25, cls: 0.02 };
const REFERENCE_PORT = PORT + 50;
const REFERENCE_URL = `http://127.0.0.1:${REFERENCE_PORT}/`;

/** A product of each network: its single ticket. */
const NETWORKS = [
  { slug: 'lumiere', product: 1101 },
  { slug: 'wahat', product: 1201 },
  { slug: 'lakeside', product: 1301 },
] as const;

type Page = { name: string; url: string };
type Run = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits under a full score in accessibility, best practices and SEO: "category: title". */
  findings: string[];
};

function pages(): Page[] {
  const all = NETWORKS.flatMap(({ slug, product }) => {
    const origin = `http://${slug}.localhost:${PORT}`;
    return [
      { name: `${slug}-home`, url: `${origin}/` },
      { name: `${slug}-product`, url: `${origin}/products/${product}` },
      { name: `${slug}-cart`, url: `${origin}/cart` },
    ];
  });
  const only = process.argv.indexOf('--page');
  const wanted = only === -1 ? undefined : process.argv[only + 1];
  return wanted ? all.filter((page) => page.name === wanted) : all;
}

async function measure(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  // BENCH_REPORT_DIR keeps each run's full report, for a closer look at what a figure is made of.
  if (REPORT_DIR) {
    await mkdir(REPORT_DIR, { recursive: true });
    await writeFile(
      join(
        REPORT_DIR,
        `${new URL(url).hostname}${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`,
      ),
      JSON.stringify(lhr),
    );
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const findings: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        findings.push(`${id}: ${audit.title}${detailsOf(audit.details)}`);
    }
  }
  // What blocks the main thread, when it does: the longest tasks, with the script they ran.
  const longTasks = (lhr.audits['long-tasks']?.details as { items?: { url?: string; duration?: number }[] })
    ?.items;
  for (const task of (longTasks ?? []).slice(0, 3))
    findings.push(`performance: long task ${Math.round(task.duration ?? 0)} ms in ${shortUrl(task.url)}`);
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    findings,
  };
}

const shortUrl = (url: string | undefined) => (url ? url.replace(/^https?:\/\/[^/]+/, '') : 'the page');

/** The kinds of the items an audit lists (the issues panel's issue types, say), when it lists any. */
function detailsOf(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const kinds = new Set(
    items.map((item) => String(item.issueType ?? item.description ?? item.source ?? '')).filter(Boolean),
  );
  return kinds.size > 0 ? ` [${[...kinds].join('; ')}]` : '';
}

function row(name: string, runs: Run[], reference: Run[]): string {
  const m = (pick: (run: Run) => number) => median(runs.map(pick));
  const perf = m((run) => run.scores.performance);
  const lcp = m((run) => run.lcpMs);
  const tbt = m((run) => run.tbtMs);
  const cls = m((run) => run.cls);
  const referenceTbt = median(reference.map((run) => run.tbtMs));
  const ratio = tbt / Math.max(referenceTbt, 1);
  const mark = (ok: boolean) => (ok ? '' : ' ✗');
  return [
    name,
    `${perf}${mark(perf >= GOALS.performance)}`,
    ...(['accessibility', 'best-practices', 'seo'] as const).map((id) => {
      const value = m((run) => run.scores[id]);
      return `${value}${mark(value >= GOALS.others)}`;
    }),
    `${(lcp / 1000).toFixed(1)} s${mark(lcp <= GOALS.lcpMs)}`,
    `${Math.round(tbt)} ms`,
    `${Math.round(referenceTbt)} ms`,
    `${ratio.toFixed(2)}×${mark(ratio <= GOALS.tbtRatio)}`,
    `${cls.toFixed(3)}${mark(cls <= GOALS.cls)}`,
  ].join(' | ');
}

async function main() {
  const platform = await startDemoPlatform(PORT);
  const reference = await serveReferencePage(REFERENCE_PORT);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  try {
    const results: { page: Page; runs: Run[]; reference: Run[] }[] = [];
    for (const page of pages()) {
      // One run to warm the server's page cache and the platform's first answers; not counted.
      await measure(page.url, chrome.port);
      await measure(REFERENCE_URL, chrome.port);
      const runs: Run[] = [];
      const referenceRuns: Run[] = [];
      // In turns, so that both see the same machine: it is shared, and its load changes.
      for (let index = 0; index < RUNS; index += 1) {
        runs.push(await measure(page.url, chrome.port));
        referenceRuns.push(await measure(REFERENCE_URL, chrome.port));
      }
      results.push({ page, runs, reference: referenceRuns });
      process.stderr.write(`${page.name}: ${runs.length} runs and as many of the reference\n`);
    }
    console.log(`Lighthouse ${lighthouseVersion()} mobile, medians of ${RUNS} runs (✗: misses the goal)\n`);
    console.log(
      '| page | perf | a11y | best practices | SEO | LCP | TBT | reference TBT | TBT ratio | CLS |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const { page, runs, reference } of results) console.log(`| ${row(page.name, runs, reference)} |`);
    const allReference = results.flatMap((result) => result.reference);
    console.log(`| ${row('reference (all its runs)', allReference, allReference)} |`);
    console.log(
      `\ngoals: performance ≥ ${GOALS.performance}, the others ${GOALS.others}, LCP ≤ ${GOALS.lcpMs / 1000} s, TBT ≤ ${GOALS.tbtRatio}× the reference's measured in turns with the page, CLS ≤ ${GOALS.cls}`,
    );
    const findings = new Map<string, Set<string>>();
    for (const { page, runs } of results)
      for (const finding of runs.flatMap((run) => run.findings))
        findings.set(finding, (findings.get(finding) ?? new Set()).add(page.name));
    if (findings.size > 0) {
      console.log('\nkeeping a category under 100:');
      for (const [finding, names] of findings) console.log(`- ${finding} (${[...names].join(', ')})`);
    }
  } finally {
    await chrome.kill();
    reference.close();
    platform.stop();
  }
}

function lighthouseVersion(): string {
  const file = join(root, 'node_modules/lighthouse/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

await main();
