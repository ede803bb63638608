// The sandbox's real entry point started as production would start it: without secrets of its own it
// exits at once, before it listens, with one message naming every one of them.
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRETS } from './env.ts';

const workspace = join(dirname(fileURLToPath(import.meta.url)), '..');

function start(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(workspace, 'src', 'main.ts')],
      // Only what is given here: no secret from the machine running the tests; port 0 if it ever listened.
      { cwd: workspace, env, timeout: 45_000, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

describe('the payment sandbox started with NODE_ENV=production', () => {
  it('refuses to start with a secret unset or a development default, naming each and printing none', async () => {
    const started = await start({
      NODE_ENV: 'production',
      PORT: '0',
      PAYMENT_SANDBOX_WEBHOOK_SECRET: DEVELOPMENT_SECRETS.webhookSecret,
    });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('Invalid environment');
    for (const name of ['PAYMENT_SANDBOX_API_KEY', 'PAYMENT_SANDBOX_WEBHOOK_SECRET']) {
      expect(started.stderr).toContain(`- ${name}: `);
    }
    expect(started.stderr).not.toContain(DEVELOPMENT_SECRETS.webhookSecret);
    expect(started.stdout).toBe('');
  }, 60_000);
});
