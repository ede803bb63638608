import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueShopItemFileSchema } from './catalogue.schema.ts';
import { networkFileSchema } from './network.schema.ts';
import { invoicePrefixOf } from './scaffold-network.ts';
import { pickUpSchema, sellerSchema } from './seller.schema.ts';
import { repoRoot } from './test-support/tenant-folders.ts';

const demo = async (slug: string, file = 'network.json') =>
  JSON.parse(await readFile(join(repoRoot, 'tenants', slug, file), 'utf8'));

const problems = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('seller of the invoices', () => {
  it('is required in a network file and given by the three demo networks', async () => {
    const { seller, ...without } = await demo('lumiere');
    expect(problems(networkFileSchema.safeParse(without))).toContain(
      'seller: Invalid input: expected object, received undefined',
    );
    const sellers = await Promise.all(
      ['lumiere', 'wahat', 'lakeside'].map(async (slug) => (await demo(slug)).seller),
    );
    expect(sellers.map((s) => [s.address.addressCountry, s.invoicePrefix])).toEqual([
      ['FR', 'LUM'],
      ['MA', 'WHT'],
      ['CH', 'LKS'],
    ]);
    for (const s of sellers) expect(problems(sellerSchema.safeParse(s))).toEqual([]);
  });

  it('checks the French VAT key and SIREN, and that the RCS entry carries the SIREN', async () => {
    const { seller } = await demo('lumiere');
    expect(problems(sellerSchema.safeParse({ ...seller, vatNumber: 'FR28852417963' }))).toEqual([
      'vatNumber: the key of SIREN 852417963 is 27',
    ]);
    expect(problems(sellerSchema.safeParse({ ...seller, vatNumber: 'FR27852417964' }))).toEqual([
      'vatNumber: SIREN 852417964 fails its check digit',
      'companyRegistrationNumber: the RCS entry must carry the SIREN 852417964',
    ]);
    expect(problems(sellerSchema.safeParse({ ...seller, vatNumber: 'FR 27 852 417 963' }))).toEqual([]);
    expect(
      problems(sellerSchema.safeParse({ ...seller, companyRegistrationNumber: 'RCS Lyon 111 222 333' })),
    ).toEqual(['companyRegistrationNumber: the RCS entry must carry the SIREN 852417963']);
  });

  it('checks the Moroccan IF and ICE and the Swiss UID check digit', async () => {
    const wahat = (await demo('wahat')).seller;
    expect(
      problems(sellerSchema.safeParse({ ...wahat, companyRegistrationNumber: '00241796500008' })),
    ).toEqual(['companyRegistrationNumber: the ICE: 15 digits']);
    expect(problems(sellerSchema.safeParse({ ...wahat, vatNumber: 'IF-4021' }))).toEqual([
      'vatNumber: the identifiant fiscal (IF): 7 or 8 digits',
    ]);
    const lakeside = (await demo('lakeside')).seller;
    expect(
      problems(sellerSchema.safeParse({ ...lakeside, companyRegistrationNumber: 'CHE-417.296.585' })),
    ).toEqual([
      'companyRegistrationNumber: UID CHE-417.296.585 fails its check digit',
      'vatNumber: the UID followed by MWST, TVA or IVA: CHE-417.296.585 MWST',
    ]);
    // A UID published as an example by the Swiss federal statistical office.
    expect(
      problems(
        sellerSchema.safeParse({
          ...lakeside,
          companyRegistrationNumber: 'CHE-116.281.710',
          vatNumber: 'CHE-116.281.710 TVA',
        }),
      ),
    ).toEqual([]);
  });

  it('refuses a malformed prefix, email or country', async () => {
    const { seller } = await demo('lumiere');
    expect(
      problems(
        sellerSchema.safeParse({
          ...seller,
          invoicePrefix: 'lum-',
          contactEmail: 'nobody',
          address: { ...seller.address, addressCountry: 'France' },
        }),
      ),
    ).toEqual([
      'address.addressCountry: an ISO 3166-1 alpha-2 country code such as FR',
      'contactEmail: Invalid email address',
      'invoicePrefix: 2 to 12 upper-case letters or digits, such as LUM',
    ]);
    expect(invoicePrefixOf('le-bus-de-nuit')).toBe('LEBUSD');
    expect(invoicePrefixOf('a')).toBe('AX');
  });
});

describe('click-and-collect pick-up slots of a collect site', () => {
  const pickUp = {
    slotMinutes: 30,
    capacity: 4,
    opening: [{ days: ['MON', 'TUE'], from: '09:00', to: '12:00' }],
  };

  it('are required on every collect site and given by the demo sites', async () => {
    const lumiere = networkFileSchema.parse(await demo('lumiere'));
    expect(
      lumiere.collectSites.map((site) => [site.id, site.pickUp.slotMinutes, site.pickUp.capacity]),
    ).toEqual([
      [11, 30, 6],
      [12, 30, 4],
      [13, 60, 3],
    ]);
    const file = await demo('wahat');
    delete file.collectSites[0].pickUp;
    expect(problems(networkFileSchema.safeParse(file))).toEqual([
      'collectSites.0.pickUp: Invalid input: expected object, received undefined',
    ]);
  });

  it('refuse a range that ends before it starts, a range that is not whole slots and overlapping ranges', () => {
    expect(
      problems(
        pickUpSchema.safeParse({
          ...pickUp,
          opening: [
            { days: ['MON'], from: '12:00', to: '09:00' },
            { days: ['TUE'], from: '09:00', to: '10:45' },
            { days: ['WED', 'THU'], from: '09:00', to: '12:00' },
            { days: ['THU'], from: '11:30', to: '14:00' },
          ],
        }),
      ),
    ).toEqual([
      'opening.0.to: 09:00 is not after 12:00',
      'opening.1.to: 09:00–10:45 is not a whole number of 30-minute slots',
      'opening.3.days: THU ranges overlap',
    ]);
  });

  it('refuse a capacity below 1, a slot length that does not divide an hour and a time that is not HH:MM', () => {
    expect(
      problems(
        pickUpSchema.safeParse({
          slotMinutes: 25,
          capacity: 0,
          opening: [{ days: ['SUN'], from: '9:00', to: '24:00' }],
        }),
      ),
    ).toEqual([
      'slotMinutes: divides an hour (5, 10, 15, 20, 30) or whole hours',
      'capacity: Too small: expected number to be >=1',
      'opening.0.from: a local time HH:MM between 00:00 and 24:00',
      'opening.0.to: 9:00–24:00 is not a whole number of 25-minute slots',
    ]);
    expect(
      problems(
        pickUpSchema.safeParse({
          ...pickUp,
          slotMinutes: 120,
          opening: [{ days: ['SAT'], from: '08:00', to: '24:00' }],
        }),
      ),
    ).toEqual([]);
  });

  it('refuse two collect sites with the same id', async () => {
    const file = await demo('lumiere');
    file.collectSites[1].id = 11;
    expect(problems(networkFileSchema.safeParse(file))).toEqual([
      'collectSites.1.id: duplicate collect site id 11',
    ]);
  });
});

describe('VAT rate of a shop item', () => {
  it('is required, in basis points, and given by every demo item', async () => {
    const [item] = (await demo('lumiere', 'catalogue.json')).shopItems;
    expect(catalogueShopItemFileSchema.parse(item).vatRate).toBe(1000);
    const { vatRate, ...without } = item;
    expect(problems(catalogueShopItemFileSchema.safeParse(without))).toEqual([
      'vatRate: Invalid input: expected number, received undefined',
    ]);
    expect(problems(catalogueShopItemFileSchema.safeParse({ ...item, vatRate: 10.5 }))).toEqual([
      'vatRate: Invalid input: expected int, received number',
    ]);
    for (const slug of ['lumiere', 'wahat', 'lakeside']) {
      const rates = new Set(
        (await demo(slug, 'catalogue.json')).shopItems.map((i: { vatRate: number }) => i.vatRate),
      );
      expect(rates.size).toBeGreaterThan(0);
    }
  });
});
