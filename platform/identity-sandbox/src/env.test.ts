import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_ADMIN_KEY, EnvError, parseEnv, publicUrlOf } from './env.ts';

const refusal = (source: Record<string, string | undefined>) => {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error;
  }
  throw new Error('the environment was accepted');
};

describe('the environment', () => {
  it('has development defaults; the public URL follows the port it listens on', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 8100,
      HOST: '127.0.0.1',
      IDENTITY_SANDBOX_ADMIN_KEY: DEVELOPMENT_ADMIN_KEY,
      LOG_LEVEL: 'info',
    });
    expect(env.TENANTS_DIR).toMatch(/\/tenants$/);
    expect(publicUrlOf(env, 8100)).toBe('http://127.0.0.1:8100');
    expect(publicUrlOf(parseEnv({ PORT: '0' }), 40123)).toBe('http://127.0.0.1:40123');
    expect(publicUrlOf(parseEnv({ IDENTITY_SANDBOX_URL: 'https://id.example.test/' }), 8100)).toBe(
      'https://id.example.test',
    );
  });

  it('keeps every variable, for the client secrets the tenant files name', () => {
    const env = parseEnv({ LAKESIDE_KEYCLOAK_CLIENT_SECRET: 'from-the-environment' });
    expect(env.variables.LAKESIDE_KEYCLOAK_CLIENT_SECRET).toBe('from-the-environment');
  });

  it('lists every bad variable at once', () => {
    const error = refusal({
      PORT: 'eighty',
      IDENTITY_SANDBOX_URL: 'ftp://x',
      IDENTITY_SANDBOX_ADMIN_KEY: 'short',
    });
    const names = error.problems.map((problem) => problem.split(':')[0]).sort();
    expect(names).toEqual(['IDENTITY_SANDBOX_ADMIN_KEY', 'IDENTITY_SANDBOX_URL', 'PORT']);
  });

  it('production refuses the development admin key, without printing it', () => {
    const error = refusal({ NODE_ENV: 'production', IDENTITY_SANDBOX_ADMIN_KEY: DEVELOPMENT_ADMIN_KEY });
    expect(error.problems.map((problem) => problem.split(':')[0])).toEqual(['IDENTITY_SANDBOX_ADMIN_KEY']);
    expect(error.message).not.toContain(DEVELOPMENT_ADMIN_KEY);
    expect(
      parseEnv({ NODE_ENV: 'production', IDENTITY_SANDBOX_ADMIN_KEY: 'an-admin-key-of-this-place' }),
    ).toMatchObject({
      IDENTITY_SANDBOX_ADMIN_KEY: 'an-admin-key-of-this-place',
    });
  });
});
