#!/usr/bin/env node
// Counts passed and failed checks across every report in test-results/ (vitest and Playwright
// JSON reports, plus one check per non-test step) and prints "N passed, N failed".
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

function findReports(dir, found = []) {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) findReports(path, found);
    else if (entry === 'vitest.json' && dir.endsWith('test-results')) found.push(path);
  }
  return found;
}

function countPlaywright(report) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failedNames = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const status = test.status; // expected | unexpected | flaky | skipped
        if (status === 'expected') passed += 1;
        else if (status === 'skipped') skipped += 1;
        else {
          failed += 1;
          failedNames.push(`${spec.file}:${spec.line} › ${spec.title}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const error of report.errors ?? []) if (error) failed += 1;
  return { passed, failed, skipped, failedNames };
}

/** The failed tests and files of a vitest report, named so a run's last lines say what broke. */
function namesOfFailedTests(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const where = file.name ? relative(process.cwd(), file.name) : '?';
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (file.status === 'failed' && failedTests.length === 0) names.push(`${where} (the file failed to run)`);
    for (const test of failedTests) names.push(`${where} › ${test.fullName}`);
  }
  return names;
}

/** The errors a vitest run met outside its tests (run-errors.json, vitest-run-errors-reporter.mjs). */
function runErrorsBeside(reportFile) {
  const file = join(dirname(reportFile), 'run-errors.json');
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')).errors ?? [];
}

function describeRunError(error) {
  const where = error.testFile ? ` in ${error.testFile}${error.test ? ` › ${error.test}` : ''}` : '';
  const firstLine = `${error.name ?? 'Error'}: ${error.message ?? ''}`.split('\n')[0].slice(0, 300);
  return `${firstLine}${where}`;
}

/** The workspaces whose test task exited with an error, from turbo's run summary (--summarize). */
function failedTestTasks(root) {
  const runs = join(root, '.turbo', 'runs');
  if (!existsSync(runs)) return [];
  const summaries = readdirSync(runs).filter((f) => f.endsWith('.json'));
  return summaries.flatMap((f) =>
    (JSON.parse(readFileSync(join(runs, f), 'utf8')).tasks ?? [])
      .filter((task) => task.taskId?.endsWith('#test') && task.execution?.exitCode !== 0)
      .map((task) => `${task.taskId} (exit ${task.execution?.exitCode ?? '?'})`),
  );
}

export function summarise(root) {
  const lines = [];
  let passed = 0;
  let failed = 0;
  const stepsFile = join(root, 'test-results', 'steps.json');
  const steps = existsSync(stepsFile) ? JSON.parse(readFileSync(stepsFile, 'utf8')) : [];
  for (const step of steps) {
    if (step.report) continue;
    if (step.ok) passed += 1;
    else failed += 1;
    lines.push(`check ${step.name}: ${step.ok ? 'passed' : 'failed'}`);
  }
  const workspaces = ['packages', 'platform'].flatMap((d) => findReports(join(root, d)));
  for (const file of workspaces) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const p = report.numPassedTests ?? 0;
    const f = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    const failedSuites = (report.testResults ?? []).filter(
      (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0,
    ).length;
    // A skipped test proves nothing: it counts as a failure.
    const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    passed += p;
    failed += f + failedSuites + skipped;
    const workspace = relative(root, dirname(dirname(file)));
    lines.push(`unit ${workspace}: ${p} passed, ${f + failedSuites} failed, ${skipped} skipped`);
    for (const name of namesOfFailedTests(report)) lines.push(`  failed in ${workspace}: ${name}`);
    // A suite that failed while all its tests passed: a hook (beforeAll, afterAll) threw.
    const failedOutsideTests = f === 0 && failedSuites === 0 ? (report.numFailedTestSuites ?? 0) : 0;
    if (failedOutsideTests > 0) {
      failed += failedOutsideTests;
      lines.push(`unit ${workspace}: ${failedOutsideTests} suite(s) failed outside their tests (a hook)`);
      for (const result of report.testResults ?? []) {
        if (result.message)
          lines.push(`  in ${relative(process.cwd(), result.name)}: ${result.message.split('\n')[0]}`);
      }
    }
    const runErrors = runErrorsBeside(file);
    if (runErrors.length > 0) {
      failed += runErrors.length;
      lines.push(`unit ${workspace}: ${runErrors.length} error(s) outside any test`);
      for (const error of runErrors) lines.push(`  error in ${workspace}: ${describeRunError(error)}`);
    }
  }
  const unitStep = steps.find((s) => s.name === 'unit tests');
  if (unitStep && !unitStep.ok && workspaces.length === 0) {
    failed += 1;
    lines.push('unit tests: the runner failed before writing a report');
  }
  const e2eFile = join(root, 'test-results', 'e2e.json');
  const e2eStep = steps.find((s) => s.name === 'end-to-end tests');
  if (existsSync(e2eFile)) {
    const counts = countPlaywright(JSON.parse(readFileSync(e2eFile, 'utf8')));
    passed += counts.passed;
    failed += counts.failed;
    lines.push(`end-to-end: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    for (const name of counts.failedNames) lines.push(`  failed end-to-end: ${name}`);
    if (counts.skipped > 0) {
      failed += counts.skipped;
      lines.push('end-to-end: skipped tests count as failures');
    }
  } else if (e2eStep) {
    failed += 1;
    lines.push('end-to-end: the runner failed before writing a report');
  }
  if (unitStep && !unitStep.ok && failed === 0) {
    failed += 1;
    lines.push('unit tests: the runner exited with an error although no test failed');
  }
  if (unitStep && !unitStep.ok) {
    for (const task of failedTestTasks(root)) lines.push(`  exited with an error: ${task}`);
  }
  if (e2eStep && !e2eStep.ok && failed === 0) {
    failed += 1;
    lines.push('end-to-end: the runner exited with an error although no test failed');
  }
  return { passed, failed, lines };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const { passed, failed, lines } = summarise(root);
  for (const line of lines) console.log(line);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
