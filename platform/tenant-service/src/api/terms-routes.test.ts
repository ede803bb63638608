import { envelopeSchema } from '@transit-shop/sdk/contract/envelope';
import { legalDocumentSchema } from '@transit-shop/sdk/contract/networks';
import { describe, expect, it } from 'vitest';
import { useFixtureService } from '../test-support/service.ts';

const fixture = useFixtureService();

const legal = async (path: string, host = 'alpha.localhost') => {
  const response = await fixture.service.get(host, `/api/Terms/${path}`);
  return { response, body: envelopeSchema(legalDocumentSchema).parse(await response.json()) };
};

describe('Terms/*', () => {
  it('answers each legal document of the network for the language, sanitised', async () => {
    for (const [path, kind] of [
      ['getLegalNotice.json', 'legal-notices'],
      ['getTermsOfUse.json', 'terms-of-use'],
      ['getPrivacyPolicy.json', 'privacy-policy'],
    ] as const) {
      const { response, body } = await legal(`${path}?networkId=201&lang=en`);
      expect(response.status).toBe(200);
      expect(body).toMatchObject({ status: 'ok', response: { networkId: 201, locale: 'en' } });
      if (body.status !== 'ok') throw new Error('expected ok');
      expect(body.response.html).toContain(`${kind} en`);
      expect(body.response.html).not.toContain('<script');
      expect(body.response.html).not.toContain('onclick');
    }
  });

  it("falls back to the network's default language for a language it does not offer", async () => {
    const { body } = await legal('getTermsOfUse.json?networkId=202&lang=fr');
    expect(body).toMatchObject({ status: 'ok', response: { networkId: 202, locale: 'en' } });
    const { body: noLang } = await legal('getTermsOfUse.json', 'gamma.localhost');
    expect(noLang).toMatchObject({ status: 'ok', response: { networkId: 203, locale: 'ar' } });
  });

  it('answers 404 for an unknown network and 400 for unknown parameters', async () => {
    const unknown = await legal('getPrivacyPolicy.json?networkId=4242');
    expect(unknown.response.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 'ko', response: { error: { code: 'NETWORK_NOT_FOUND' } } });
    const extra = await legal('getPrivacyPolicy.json?networkId=201&format=pdf');
    expect(extra.response.status).toBe(400);
    expect(extra.body).toMatchObject({ status: 'ko', response: { error: { code: 'INVALID_REQUEST' } } });
  });
});
