import { describe, expect, it } from 'vitest';
import { DEFAULT_DIRS, EnvError, IN_MEMORY_DATA_DIR, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    expect(parseEnv({})).toEqual({
      PORT: 8081,
      HOST: '0.0.0.0',
      DATABASE_URL: undefined,
      DATA_DIR: DEFAULT_DIRS.data,
      TENANTS_DIR: DEFAULT_DIRS.tenants,
      THEMES_DIR: DEFAULT_DIRS.themes,
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
        MAIL_FROM: 'Shop <shop@example.org>, other@example.org',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const variables = (error as EnvError).problems.map((problem) => problem.split(':')[0]);
    expect(variables.sort()).toEqual([
      'DATABASE_URL',
      'IDENTITY_PRIVATE_KEY',
      'LOG_LEVEL',
      'MAIL_FROM',
      'PORT',
      'SESSION_ABSOLUTE_DAYS',
      'SESSION_IDLE_MINUTES',
      'SMTP_URL',
    ]);
    expect((error as EnvError).message).toContain('Invalid environment:\n  - ');
  });
});
