import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { networkFileSchema } from './network.schema.ts';
import { repoRoot } from './test-support/tenant-folders.ts';

const demo = async () =>
  JSON.parse(await readFile(join(repoRoot, 'tenants', 'lumiere', 'network.json'), 'utf8'));

describe('network file schema', () => {
  it('accepts every field of the network configuration (spec 02 §3)', async () => {
    const parsed = networkFileSchema.parse(await demo());
    expect(parsed).toMatchObject({
      id: 101,
      currency: 'EUR',
      profiling: true,
      multiple_payment_installments: [1, 3, 10],
      payment: { transfer_enabled: true },
      has_subscriptions: true,
      has_guest_orders: 1,
      has_media_signin: true,
      has_media_tunnel: true,
      has_media_tunnel_pairing: true,
      hideBirthDate: false,
      data: { experimentalAIEnabled: false },
    });
    expect(parsed.data.globalMessage?.fr).toBeTruthy();
  });

  it('I18N-02 reduces regional language codes to the language part', async () => {
    const parsed = networkFileSchema.parse({
      ...(await demo()),
      languages: ['fr_FR', 'en-GB', 'fr', 'ar_MA'],
    });
    expect(parsed.languages).toEqual(['fr', 'en', 'ar']);
  });

  it('NET-02 the currency defaults to euro', async () => {
    const { currency: _currency, ...rest } = await demo();
    expect(networkFileSchema.parse(rest).currency).toBe('EUR');
  });

  it('refuses unknown fields, unsupported languages and a default language not offered', async () => {
    const result = networkFileSchema.safeParse({
      ...(await demo()),
      colour: 'blue',
      languages: ['fr', 'de'],
    });
    const messages = result.error?.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    expect(messages).toMatch(/colour/);
    expect(messages).toMatch(/unsupported language "de"/);
    const notOffered = networkFileSchema.safeParse({
      ...(await demo()),
      languages: ['fr', 'en'],
      defaultLanguage: 'it',
    });
    expect(notOffered.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['defaultLanguage']);
  });

  it('NET-03 has_guest_orders is a number; a time zone must exist', async () => {
    expect(networkFileSchema.safeParse({ ...(await demo()), has_guest_orders: true }).success).toBe(false);
    expect(networkFileSchema.safeParse({ ...(await demo()), timeZone: 'Mars/Olympus' }).success).toBe(false);
  });
});
