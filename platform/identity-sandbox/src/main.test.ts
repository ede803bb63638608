// The sandbox's entry point started as `npm start` starts it: it reads the repository's tenant files,
// takes a client's secret from the variable its tenant file names, listens, and stops on SIGTERM;
// with NODE_ENV=production it refuses the development admin key before it listens.
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServiceProcess } from '@transit-shop/service-kit/service-process';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_ADMIN_KEY } from './env.ts';

const workspace = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(workspace, 'src', 'main.ts');

describe('the identity sandbox started as a process', () => {
  it('serves the issuers of the tenant files at its own origin, with secrets from the environment', async () => {
    const sandbox = await startServiceProcess({
      entry,
      cwd: workspace,
      // Only what is given here: no secret from the machine running the tests.
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        LAKESIDE_KEYCLOAK_CLIENT_SECRET: 'a-secret-from-the-environment',
      },
      name: 'the identity sandbox',
    });
    try {
      const origin = `http://127.0.0.1:${sandbox.port}`;
      const health = (await (await fetch(`${origin}/healthz`)).json()) as { issuers: { url: string }[] };
      expect(health.issuers.map((issuer) => issuer.url).sort()).toEqual([
        `${origin}/franceconnect`,
        `${origin}/realms/lakeside`,
        `${origin}/realms/lumiere`,
      ]);
      // Keycloak's logout form authenticates the client first: a known client with an unknown
      // token is a 400, wrong credentials a 401.
      const logout = (secret: string) =>
        fetch(`${origin}/realms/lakeside/protocol/openid-connect/logout`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            client_id: 'lakeside-eshop',
            client_secret: secret,
            refresh_token: 'unknown',
          }),
        });
      expect((await logout('a-secret-from-the-environment')).status).toBe(400);
      expect((await logout('sandbox-secret-lakeside-eshop')).status).toBe(401);
    } finally {
      await sandbox.stop();
    }
    expect(sandbox.child.exitCode).toBe(0);
  }, 120_000);

  it('refuses the development admin key with NODE_ENV=production, before it listens', async () => {
    const started = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', entry],
        {
          cwd: workspace,
          env: { NODE_ENV: 'production', PORT: '0', IDENTITY_SANDBOX_ADMIN_KEY: DEVELOPMENT_ADMIN_KEY },
          timeout: 45_000,
          killSignal: 'SIGKILL',
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
      );
    });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('- IDENTITY_SANDBOX_ADMIN_KEY: a development default');
    expect(started.stderr).not.toContain(DEVELOPMENT_ADMIN_KEY);
    expect(started.stdout).toBe('');
  }, 60_000);
});
