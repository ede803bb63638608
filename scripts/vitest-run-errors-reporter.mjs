// A vitest reporter that records the errors of a run that belong to no test (an unhandled
// rejection after a test ended, a worker that died), which vitest's JSON report leaves out: the
// closing summary (test-summary.mjs) names them, so a run that fails on one says where.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FIRST_STACK_LINES = 12;

export default class RunErrorsReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(_testModules, unhandledErrors, reason) {
    const dir = join(this.root ?? process.cwd(), 'test-results');
    mkdirSync(dir, { recursive: true });
    const errors = unhandledErrors.map((error) => ({
      name: error.name,
      message: error.message,
      testFile: error.VITEST_TEST_PATH,
      test: error.VITEST_TEST_NAME,
      stack: error.stack?.split('\n').slice(0, FIRST_STACK_LINES).join('\n'),
    }));
    writeFileSync(join(dir, 'run-errors.json'), JSON.stringify({ reason, errors }, null, 2));
  }
}
