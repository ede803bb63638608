#!/usr/bin/env node
// Runs every check of the repository in order and prints one closing "N passed, N failed" line.
// Test runners write JSON reports under test-results/; other checks (lint, types, tenant files,
// size budget) count as one check each. Every step runs even after a failure, so one run
// reports everything that is wrong.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarise } from './test-summary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
for (const group of ['packages', 'platform']) {
  for (const workspace of readdirSync(join(root, group))) {
    rmSync(join(root, group, workspace, 'test-results'), { recursive: true, force: true });
  }
}
mkdirSync(resultsDir, { recursive: true });
// The unit step's task summary (--summarize) is read by test-summary.mjs: only this run's.
rmSync(join(root, '.turbo', 'runs'), { recursive: true, force: true });

const steps = [
  { name: 'lint', command: 'npx biome ci .' },
  { name: 'ticket API layers', command: 'node platform/ticket-api/scripts/check-layers.mjs' },
  { name: 'tenant files', command: 'npm run --silent tenant:validate' },
  { name: 'typecheck', command: 'npx turbo run typecheck --continue --output-logs=errors-only' },
  { name: 'typecheck e2e', command: 'npx tsc -p e2e/tsconfig.json' },
  {
    name: 'typecheck bench',
    command:
      'npx tsc -p scripts/bench/tsconfig.json && npx tsc -p scripts/bench/reference-page/tsconfig.json',
  },
  {
    name: 'unit tests',
    command:
      'npx turbo run test --concurrency=1 --continue --output-logs=full --summarize -- --reporter=default --reporter=json --outputFile.json=test-results/vitest.json --reporter=../../scripts/vitest-run-errors-reporter.mjs',
    report: true,
  },
  { name: 'build', command: 'npx turbo run build --output-logs=errors-only' },
  { name: 'size budget', command: 'node scripts/size-budget.mjs' },
  { name: 'end-to-end tests', command: 'npx playwright test', report: true },
];

const only = process.argv.slice(2);
const outcomes = [];
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  console.log(`\n=== ${step.name}: ${step.command}`);
  const started = Date.now();
  const { status } = spawnSync(step.command, {
    cwd: root,
    stdio: 'inherit',
    shell: true,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  outcomes.push({ name: step.name, ok: status === 0, report: Boolean(step.report), seconds });
  console.log(`=== ${step.name}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${seconds}s`);
}
writeFileSync(join(resultsDir, 'steps.json'), JSON.stringify(outcomes, null, 2));

const { passed, failed, lines } = summarise(root);
for (const line of lines) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || outcomes.some((o) => !o.ok) ? 1 : 0);
