import { LOCALES } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoNetworks } from '../../test-support/demo-networks.ts';
import { type DocumentNotice, documentNoticeEmail } from './document-emails.ts';

let lumiere: LoadedNetwork;
beforeAll(async () => {
  const network = (await loadDemoNetworks()).byId(101);
  if (!network) throw new Error('no network 101');
  lumiere = network;
});

const NOTICES: DocumentNotice[] = [
  { kind: 'ACCEPTED', itemId: 7, itemName: 'Student pass' },
  { kind: 'REFUSED', itemId: 7, itemName: 'Student pass', reason: 'The card is <blurred> & cut' },
  { kind: 'TO_COMPLETE', itemName: 'Student pass', message: 'Please add the back of the card' },
  { kind: 'EXPIRES_SOON', documentName: 'Student card', expiresAt: new Date('2026-08-31T22:00:00Z') },
  { kind: 'EXPIRED', documentName: 'Student card' },
];

const email = (notice: DocumentNotice, locale: (typeof LOCALES)[number]) =>
  documentNoticeEmail({ network: lumiere, locale, to: 'ada@example.org', firstName: 'Ada', notice });

describe('document emails', () => {
  it('exist in every language, each its own text, Arabic right to left', () => {
    for (const notice of NOTICES) {
      const subjects = new Set<string>();
      for (const locale of LOCALES) {
        const message = email(notice, locale);
        expect(message.to).toBe('ada@example.org');
        expect(message.html).toContain(`dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
        subjects.add(message.subject);
      }
      expect(subjects.size).toBe(LOCALES.length);
    }
  });

  it("carries the reviewer's reason and message verbatim, escaped in HTML", () => {
    const refused = email(NOTICES[1] as DocumentNotice, 'fr');
    expect(refused.text).toContain('The card is <blurred> & cut');
    expect(refused.html).toContain('The card is &lt;blurred&gt; &amp; cut');
    expect(email(NOTICES[2] as DocumentNotice, 'es').text).toContain('Please add the back of the card');
  });

  it('links to the product, the requests or the documents in the traveller language', () => {
    expect(email(NOTICES[0] as DocumentNotice, 'it').text).toMatch(/\/it\/products\/7/);
    expect(email(NOTICES[2] as DocumentNotice, 'ar').text).toMatch(/\/ar\/documents\/submissions/);
    expect(email(NOTICES[4] as DocumentNotice, 'en').text).toMatch(/\/en\/documents/);
  });
});
