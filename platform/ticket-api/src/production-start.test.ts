// The ticket API's real entry point started as production would start it: without its secrets it
// exits at once, before it opens a database, with one message naming every missing secret.
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The sandbox's development key (decision 0018), which production must not take. */
const DEVELOPMENT_API_KEY = 'sandbox-development-api-key';
const workspace = join(dirname(fileURLToPath(import.meta.url)), '..');

function start(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(workspace, 'src', 'main.ts')],
      // Only what is given here: no database, no secret from the machine running the tests.
      { cwd: workspace, env, timeout: 45_000, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

describe('the ticket API started with NODE_ENV=production', () => {
  it('refuses to start with a secret unset or a development default, naming each and printing none', async () => {
    const started = await start({
      NODE_ENV: 'production',
      PAYMENT_SANDBOX_API_KEY: DEVELOPMENT_API_KEY,
      DATA_DIR: 'memory://',
      PORT: '0',
      HOST: '127.0.0.1',
    });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('Invalid environment');
    for (const name of [
      'PAYMENT_SANDBOX_API_KEY',
      'PAYMENT_SANDBOX_WEBHOOK_SECRET',
      'IDENTITY_PRIVATE_KEY',
    ]) {
      expect(started.stderr).toContain(`- ${name}: `);
    }
    expect(started.stderr).not.toContain(DEVELOPMENT_API_KEY);
    expect(started.stdout).toBe('');
  }, 60_000);
});
