import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRETS, EnvError, parseEnv, sandboxConfig } from './env.ts';

describe('the environment', () => {
  it('has development defaults, the public URL following the port', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 8090,
      HOST: '127.0.0.1',
      PAYMENT_SANDBOX_PUBLIC_URL: 'http://127.0.0.1:8090',
      PAYMENT_SANDBOX_API_KEY: DEVELOPMENT_SECRETS.apiKey,
      PAYMENT_SANDBOX_WEBHOOK_SECRET: DEVELOPMENT_SECRETS.webhookSecret,
      PAYMENT_SANDBOX_SEPA_SETTLE_MS: 5000,
    });
    expect(parseEnv({ PORT: '8190' }).PAYMENT_SANDBOX_PUBLIC_URL).toBe('http://127.0.0.1:8190');
    expect(parseEnv({ PORT: '', HOST: '' }).PORT).toBe(8090);
  });

  it('takes the variables it is given, the public URL without a trailing slash', () => {
    const env = parseEnv({
      PAYMENT_SANDBOX_PUBLIC_URL: 'https://pay.example.test/',
      PAYMENT_SANDBOX_API_KEY: 'a-production-like-key-0001',
      PAYMENT_SANDBOX_SEPA_SETTLE_MS: '0',
    });
    expect(sandboxConfig(env)).toEqual({
      apiKey: 'a-production-like-key-0001',
      publicUrl: 'https://pay.example.test',
      sepaSettleMs: 0,
    });
  });

  it('lists every bad variable at once', () => {
    try {
      parseEnv({ PORT: 'eighty', PAYMENT_SANDBOX_PUBLIC_URL: 'ftp://x', PAYMENT_SANDBOX_API_KEY: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const { problems } = error as EnvError;
      expect(problems.join('\n')).toMatch(/PORT/);
      expect(problems.join('\n')).toMatch(/PAYMENT_SANDBOX_PUBLIC_URL/);
      expect(problems.join('\n')).toMatch(/PAYMENT_SANDBOX_API_KEY/);
    }
  });
});

describe('the environment with NODE_ENV=production', () => {
  const secrets = {
    PAYMENT_SANDBOX_API_KEY: 'a-key-of-this-deployment-0001',
    PAYMENT_SANDBOX_WEBHOOK_SECRET: 'a-webhook-secret-of-this-deployment',
  };
  const refusal = (source: Record<string, string | undefined>) => {
    try {
      parseEnv(source);
    } catch (error) {
      if (error instanceof EnvError) return error;
    }
    throw new Error('the environment was accepted');
  };
  const names = (error: EnvError) => error.problems.map((problem) => problem.split(':')[0]);

  it('production refuses to start while a secret is unset, naming each one', () => {
    const error = refusal({ NODE_ENV: 'production', PAYMENT_SANDBOX_API_KEY: '' });
    expect(names(error)).toEqual(['PAYMENT_SANDBOX_API_KEY', 'PAYMENT_SANDBOX_WEBHOOK_SECRET']);
    expect(error.message).toContain('NODE_ENV=production');
  });

  it('production refuses the development defaults, without printing them', () => {
    const error = refusal({
      NODE_ENV: 'production',
      PAYMENT_SANDBOX_API_KEY: DEVELOPMENT_SECRETS.apiKey,
      PAYMENT_SANDBOX_WEBHOOK_SECRET: DEVELOPMENT_SECRETS.webhookSecret,
      PORT: 'eighty',
    });
    expect(names(error).sort()).toEqual([
      'PAYMENT_SANDBOX_API_KEY',
      'PAYMENT_SANDBOX_WEBHOOK_SECRET',
      'PORT',
    ]);
    for (const value of Object.values(DEVELOPMENT_SECRETS)) expect(error.message).not.toContain(value);
  });

  it('production starts with secrets of its own; development keeps the defaults', () => {
    expect(parseEnv({ NODE_ENV: 'production', ...secrets })).toMatchObject(secrets);
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      expect(parseEnv({ NODE_ENV })).toMatchObject({
        PAYMENT_SANDBOX_API_KEY: DEVELOPMENT_SECRETS.apiKey,
        PAYMENT_SANDBOX_WEBHOOK_SECRET: DEVELOPMENT_SECRETS.webhookSecret,
      });
    }
  });
});
