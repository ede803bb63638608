// A vitest reporter that records the errors of a run that belong to no test, which vitest's JSON
// report leaves out: errors the workers report outside a test (an unhandled rejection after a test
// ended, a worker that died) and unhandled rejections in vitest's own process (a global setup's).
// The closing summary (test-summary.mjs) counts and names them, so a run that fails on one says
// where.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FIRST_STACK_LINES = 12;

const describe = (error) => ({
  name: error?.name,
  message: error?.message ?? String(error),
  testFile: error?.VITEST_TEST_PATH,
  test: error?.VITEST_TEST_NAME,
  stack: error?.stack?.split('\n').slice(0, FIRST_STACK_LINES).join('\n'),
});

export default class RunErrorsReporter {
  reason = 'running';
  workerErrors = [];
  processErrors = [];

  onInit(vitest) {
    this.file = join(vitest.config.root, 'test-results', 'run-errors.json');
    this.write();
    process.on('unhandledRejection', (error) => {
      this.processErrors.push(describe(error));
      this.write();
    });
  }

  onTestRunEnd(_testModules, unhandledErrors, reason) {
    this.reason = reason;
    this.workerErrors = unhandledErrors.map(describe);
    this.write();
  }

  write() {
    if (!this.file) return;
    mkdirSync(join(this.file, '..'), { recursive: true });
    const errors = [...this.workerErrors, ...this.processErrors];
    writeFileSync(this.file, JSON.stringify({ reason: this.reason, errors }, null, 2));
  }
}
