import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardsFileSchema } from './cards-file.ts';
import { copyDemoTenants, repoRoot } from './test-support/tenant-folders.ts';

type Card = Record<string, unknown>;

const card = (number: string, status = 'ACTIVE'): Card => ({
  number,
  holderBirthDate: '1990-04-12',
  expiresOn: '2030-12-31',
  status,
});

function validate(tenantsDir: string, themesDir: string) {
  return spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(repoRoot, 'scripts', 'tenant-validate.ts'),
      '--tenants',
      tenantsDir,
      '--themes',
      themesDir,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
}

const issuesOf = (value: unknown) =>
  cardsFileSchema
    .safeParse(value)
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the demo card registry file', () => {
  it('reads every status, and an empty one for a card the registry gives none', () => {
    const statuses = ['ACTIVE', 'EXPIRED', 'INCIDENT', 'BLOCKED', ''];
    const parsed = cardsFileSchema.parse({
      providerId: 'demo',
      cards: statuses.map((status, index) => card(`2501000000000${index}00`, status)),
    });
    expect(parsed.cards.map((entry) => entry.status)).toEqual(statuses);
  });

  it('refuses a number that is not 8 to 20 digits, a bad date, an unknown status, a printed code in lower case and an unknown field', () => {
    expect(
      issuesOf({
        providerId: 'demo',
        cards: [
          card('1234567'),
          card('123456789012345678901'),
          card('2501 0000 0000 0001'),
          { ...card('25010000'), expiresOn: '2030-02-30' },
          card('25010001', 'LOST'),
          { ...card('25010002'), holder: 'Ada' },
          { ...card('25010003'), printedCode: 'k7q2m9' },
          { ...card('25010004'), printedCode: 'K7Q2M9' },
        ],
      }),
    ).toEqual([
      'cards.0.number: 8 to 20 digits',
      'cards.1.number: 8 to 20 digits',
      'cards.2.number: 8 to 20 digits',
      'cards.3.expiresOn: a date as YYYY-MM-DD',
      expect.stringMatching(/^cards\.4\.status: /),
      expect.stringMatching(/^cards\.5: .*holder/),
      'cards.6.printedCode: 4 to 12 capital letters or digits',
    ]);
  });

  it('refuses a number twice and a missing provider', () => {
    expect(issuesOf({ providerId: 'demo', cards: [card('25010001'), card('25010001')] })).toEqual([
      'cards.1.number: the number 25010001 is also card 0',
    ]);
    expect(issuesOf({ providerId: ' ', cards: [] })).toEqual([expect.stringMatching(/^providerId: /)]);
  });
});

describe('tenant:validate and the card registry files', () => {
  it('accepts the demo registries, and a network without one', async () => {
    const { tenantsDir, themesDir } = await copyDemoTenants();
    await rm(join(tenantsDir, 'lakeside', 'cards.json'));
    const run = validate(tenantsDir, themesDir);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('3 networks, 3 themes: no problems');
    expect(run.status).toBe(0);
  }, 30_000);

  it('prints every card problem with its file and field, names the network invalid and exits 1', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    await editJson('tenants/wahat/cards.json', (file) => {
      const cards = file.cards as Card[];
      (cards[1] as Card).number = (cards[0] as Card).number;
      (cards[2] as Card).holderBirthDate = '12/04/1990';
    });
    const run = validate(tenantsDir, themesDir);
    expect(run.stdout.trim().split('\n')).toEqual([
      'tenants/wahat/cards.json: cards.2.holderBirthDate: a date as YYYY-MM-DD',
      'tenants/wahat/cards.json: cards.1.number: the number 4101000000000001 is also card 0',
      '3 networks, 3 themes: 2 problems (invalid: wahat)',
    ]);
    expect(run.status).toBe(1);
  }, 30_000);
});

describe('the demo card registries', () => {
  it('give each network its own numbers and every status', async () => {
    const { readFile } = await import('node:fs/promises');
    const numbers = new Set<string>();
    for (const slug of ['lumiere', 'lakeside', 'wahat']) {
      const file = cardsFileSchema.parse(
        JSON.parse(await readFile(join(repoRoot, 'tenants', slug, 'cards.json'), 'utf8')),
      );
      expect(new Set(file.cards.map((entry) => entry.status))).toEqual(
        new Set(['ACTIVE', 'EXPIRED', 'INCIDENT', 'BLOCKED', '']),
      );
      for (const entry of file.cards) numbers.add(entry.number);
    }
    expect(numbers.size).toBe(96);
  });
});
