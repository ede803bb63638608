import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DIRS,
  DEVELOPMENT_SECRETS,
  EnvError,
  IN_MEMORY_DATA_DIR,
  parseEnv,
  secretsOf,
} from './env.ts';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    expect(parseEnv({})).toEqual({
      PORT: 8081,
      HOST: '0.0.0.0',
      DATABASE_URL: undefined,
      DATA_DIR: DEFAULT_DIRS.data,
      TENANTS_DIR: DEFAULT_DIRS.tenants,
      THEMES_DIR: DEFAULT_DIRS.themes,
      WATCH_TENANTS: true,
      LOG_LEVEL: 'info',
      SMTP_URL: undefined,
      OUTBOX_DIR: DEFAULT_DIRS.outbox,
      MAIL_FROM: 'Transit shop <no-reply@transit-shop.localhost>',
      SESSION_IDLE_MINUTES: 60,
      SESSION_ABSOLUTE_DAYS: 30,
      IDENTITY_PRIVATE_KEY: undefined,
      PAYMENT_SANDBOX_URL: 'http://127.0.0.1:8090',
      PAYMENT_SANDBOX_API_KEY: 'sandbox-development-api-key',
      PAYMENT_SANDBOX_WEBHOOK_SECRET: 'sandbox-development-webhook-secret',
      TICKET_API_PUBLIC_URL: undefined,
      TRUSTED_PROXIES: ['loopback', 'uniquelocal'],
      IDENTITY_SANDBOX_URL: 'http://127.0.0.1:8100',
    });
    expect(DEFAULT_DIRS.data).toMatch(/[\\/]var[\\/]ticket-api[\\/]pgdata$/);
    expect(DEFAULT_DIRS.outbox).toMatch(/[\\/]var[\\/]outbox$/);
  });

  it('reads every variable and treats empty ones as unset', () => {
    const pem =
      '-----BEGIN PRIVATE KEY-----\\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\\n-----END PRIVATE KEY-----';
    const env = parseEnv({
      PORT: '9001',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://shop:secret@db.internal:5432/shop',
      DATA_DIR: IN_MEMORY_DATA_DIR,
      SMTP_URL: 'smtp://mail.internal:2525',
      OUTBOX_DIR: '',
      MAIL_FROM: 'Shop <shop@example.org>',
      SESSION_IDLE_MINUTES: '15',
      SESSION_ABSOLUTE_DAYS: '7',
      IDENTITY_PRIVATE_KEY: pem,
      LOG_LEVEL: 'warn',
      WATCH_TENANTS: 'false',
      TRUSTED_PROXIES: '10.0.0.5, 10.0.1.0/24,fd00::/8',
      IDENTITY_SANDBOX_URL: 'http://127.0.0.1:9100/',
    });
    expect(env).toMatchObject({
      PORT: 9001,
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://shop:secret@db.internal:5432/shop',
      DATA_DIR: IN_MEMORY_DATA_DIR,
      SMTP_URL: 'smtp://mail.internal:2525',
      OUTBOX_DIR: DEFAULT_DIRS.outbox,
      MAIL_FROM: 'Shop <shop@example.org>',
      SESSION_IDLE_MINUTES: 15,
      SESSION_ABSOLUTE_DAYS: 7,
      LOG_LEVEL: 'warn',
      WATCH_TENANTS: false,
      TRUSTED_PROXIES: ['10.0.0.5', '10.0.1.0/24', 'fd00::/8'],
      IDENTITY_SANDBOX_URL: 'http://127.0.0.1:9100',
    });
    // A key whose new lines were flattened to "\n" by a container platform is read back whole.
    expect(env.IDENTITY_PRIVATE_KEY?.split('\n')).toHaveLength(3);
  });

  it('refuses a bad environment with the list of every bad variable', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db/shop',
        SMTP_URL: 'http://mail',
        SESSION_IDLE_MINUTES: '0',
        SESSION_ABSOLUTE_DAYS: 'forever',
        IDENTITY_PRIVATE_KEY: 'not a key',
        LOG_LEVEL: 'loud',
        WATCH_TENANTS: 'maybe',
        TRUSTED_PROXIES: 'the tenant service',
        MAIL_FROM: 'Shop <shop@example.org>, other@example.org',
        IDENTITY_SANDBOX_URL: '127.0.0.1:8100',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const variables = (error as EnvError).problems.map((problem) => problem.split(':')[0]);
    expect(variables.sort()).toEqual([
      'DATABASE_URL',
      'IDENTITY_PRIVATE_KEY',
      'IDENTITY_SANDBOX_URL',
      'LOG_LEVEL',
      'MAIL_FROM',
      'PORT',
      'SESSION_ABSOLUTE_DAYS',
      'SESSION_IDLE_MINUTES',
      'SMTP_URL',
      'TRUSTED_PROXIES',
      'WATCH_TENANTS',
    ]);
    expect((error as EnvError).message).toContain('Invalid environment:\n  - ');
  });
});

describe('parseEnv with NODE_ENV=production', () => {
  const PEM =
    '-----BEGIN PRIVATE KEY-----\\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\\n-----END PRIVATE KEY-----';
  const secrets = {
    PAYMENT_SANDBOX_API_KEY: 'a-key-of-this-deployment-0001',
    PAYMENT_SANDBOX_WEBHOOK_SECRET: 'a-webhook-secret-of-this-deployment',
    IDENTITY_PRIVATE_KEY: PEM,
  };
  const problemsOf = (source: Record<string, string | undefined>) => {
    try {
      parseEnv(source);
    } catch (error) {
      if (error instanceof EnvError) return error;
    }
    throw new Error('the environment was accepted');
  };

  it('production refuses to start while a secret is unset, naming each one', () => {
    const error = problemsOf({ NODE_ENV: 'production', PAYMENT_SANDBOX_WEBHOOK_SECRET: '' });
    expect(error.problems.map((problem) => problem.split(':')[0])).toEqual([
      'PAYMENT_SANDBOX_API_KEY',
      'PAYMENT_SANDBOX_WEBHOOK_SECRET',
      'IDENTITY_PRIVATE_KEY',
    ]);
    expect(error.message).toContain('NODE_ENV=production');
  });

  it('production refuses the development defaults, without printing them', () => {
    const error = problemsOf({
      ...secrets,
      NODE_ENV: 'production',
      PAYMENT_SANDBOX_API_KEY: DEVELOPMENT_SECRETS.PAYMENT_SANDBOX_API_KEY,
      // The other secret's development value is no better.
      PAYMENT_SANDBOX_WEBHOOK_SECRET: DEVELOPMENT_SECRETS.PAYMENT_SANDBOX_API_KEY,
    });
    expect(error.problems.map((problem) => problem.split(':')[0])).toEqual([
      'PAYMENT_SANDBOX_API_KEY',
      'PAYMENT_SANDBOX_WEBHOOK_SECRET',
    ]);
    for (const value of Object.values(DEVELOPMENT_SECRETS)) expect(error.message).not.toContain(value);
  });

  it('production lists its missing secrets beside any other bad variable', () => {
    const error = problemsOf({
      NODE_ENV: 'production',
      ...secrets,
      IDENTITY_PRIVATE_KEY: '',
      PORT: 'eighty',
    });
    expect(error.problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'IDENTITY_PRIVATE_KEY',
      'PORT',
    ]);
  });

  it('production starts with secrets of its own; development keeps the defaults', () => {
    expect(parseEnv({ NODE_ENV: 'production', ...secrets })).toMatchObject({
      PAYMENT_SANDBOX_API_KEY: secrets.PAYMENT_SANDBOX_API_KEY,
      PAYMENT_SANDBOX_WEBHOOK_SECRET: secrets.PAYMENT_SANDBOX_WEBHOOK_SECRET,
    });
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const env = parseEnv({ NODE_ENV });
      expect(env).toMatchObject(DEVELOPMENT_SECRETS);
      expect(env.IDENTITY_PRIVATE_KEY).toBeUndefined();
    }
  });
});

describe('secretsOf', () => {
  it("reads the variable a tenant file's secret reference names; an empty or oddly named one is no secret", () => {
    const secretOf = secretsOf({
      LUMIERE_KEYCLOAK_CLIENT_SECRET: 'from-the-environment',
      LAKESIDE_KEYCLOAK_CLIENT_SECRET: '',
      lower_case_secret: 'not a reference',
    });
    expect(secretOf('LUMIERE_KEYCLOAK_CLIENT_SECRET')).toBe('from-the-environment');
    expect(secretOf('LAKESIDE_KEYCLOAK_CLIENT_SECRET')).toBeUndefined();
    expect(secretOf('lower_case_secret')).toBeUndefined();
    expect(secretOf('UNSET_SECRET')).toBeUndefined();
  });
});
