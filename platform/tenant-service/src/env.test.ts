import { describe, expect, it } from 'vitest';
import { DEFAULT_DIRS, EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toEqual({
      PORT: 8080,
      HOST: '0.0.0.0',
      TENANTS_DIR: DEFAULT_DIRS.tenants,
      THEMES_DIR: DEFAULT_DIRS.themes,
      WEB_DIST_DIR: DEFAULT_DIRS.webDist,
      ALERT_SOURCES: '/alerts',
      ALERT_MAX_AGE_SECONDS: 30,
      TICKET_API_URL: undefined,
      LOG_LEVEL: 'info',
      WATCH_TENANTS: true,
      TRUSTED_PROXIES: [],
    });
    expect(DEFAULT_DIRS.tenants).toMatch(/[\\/]tenants$/);
    expect(DEFAULT_DIRS.webDist).toMatch(/platform[\\/]web[\\/]dist$/);
  });

  it('reads every variable and treats empty ones as unset', () => {
    const env = parseEnv({
      PORT: '9000',
      HOST: '127.0.0.1',
      ALERT_SOURCES: '/alerts | https://beacon.example/alerts',
      ALERT_MAX_AGE_SECONDS: '5',
      TICKET_API_URL: 'http://127.0.0.1:8081/api/',
      LOG_LEVEL: 'warn',
      WATCH_TENANTS: 'false',
      TENANTS_DIR: '',
      TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.4',
    });
    expect(env).toMatchObject({
      PORT: 9000,
      HOST: '127.0.0.1',
      ALERT_SOURCES: '/alerts|https://beacon.example/alerts',
      ALERT_MAX_AGE_SECONDS: 5,
      TICKET_API_URL: 'http://127.0.0.1:8081/api',
      LOG_LEVEL: 'warn',
      WATCH_TENANTS: false,
      TENANTS_DIR: DEFAULT_DIRS.tenants,
      TRUSTED_PROXIES: ['10.0.0.0/8', '192.168.1.4'],
    });
  });

  it('refuses a bad environment with the list of every bad variable', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        ALERT_SOURCES: 'alerts|ftp://x',
        TICKET_API_URL: 'not a url',
        LOG_LEVEL: 'loud',
        WATCH_TENANTS: 'maybe',
        TRUSTED_PROXIES: 'the load balancer',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.map((problem) => problem.split(':')[0]);
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT',
        'ALERT_SOURCES.0',
        'ALERT_SOURCES.1',
        'TICKET_API_URL',
        'LOG_LEVEL',
        'WATCH_TENANTS',
        'TRUSTED_PROXIES',
      ]),
    );
    expect((error as EnvError).message).toContain('Invalid environment');
  });
});
