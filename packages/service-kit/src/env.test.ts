import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { booleanFlag, EnvError, parseEnvWith, port, productionSecretProblems } from './env.ts';

const schema = z.object({ PORT: port(8080), WATCH: booleanFlag(true) });

describe('the services’ env helpers', () => {
  it('reads an empty variable as unset, so the default applies', () => {
    expect(parseEnvWith(schema, { PORT: '', WATCH: '' })).toEqual({ PORT: 8080, WATCH: true });
    expect(parseEnvWith(schema, { PORT: '9000', WATCH: 'no' })).toEqual({ PORT: 9000, WATCH: false });
  });

  it('names every bad variable at once, with the other problems', () => {
    const parse = () => parseEnvWith(schema, { PORT: '70000', WATCH: 'maybe' }, () => ['SECRET: unset']);
    expect(parse).toThrow(EnvError);
    expect(() => parse()).toThrow(/PORT: [\s\S]*WATCH: expected true or false[\s\S]*SECRET: unset/);
  });

  it('asks production for secrets of its own, naming each and printing none', () => {
    const secrets = { names: ['API_KEY', 'WEBHOOK_SECRET'], developmentValues: ['development-key'] };
    expect(productionSecretProblems({ API_KEY: 'development-key' }, secrets)).toEqual([]);
    const problems = productionSecretProblems(
      { NODE_ENV: 'production', API_KEY: 'development-key' },
      secrets,
    );
    expect(problems).toEqual([
      'API_KEY: a development default; NODE_ENV=production needs a secret of this deployment',
      'WEBHOOK_SECRET: unset; NODE_ENV=production needs a secret of this deployment',
    ]);
  });
});
