import { spawnSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { carriesAllTags, creationProductOf, isMediaProduct } from '@transit-shop/sdk/catalogue/select-items';
import { shopListing } from '@transit-shop/sdk/catalogue/shop-listing';
import { CATALOGUE_TAGS, catalogueAnswerSchema, type ShopItem } from '@transit-shop/sdk/contract/catalogue';
import { describe, expect, it } from 'vitest';
import { catalogueAnswer } from './catalogue-answer.ts';
import { loadTenants } from './load-tenants.ts';
import { copyDemoTenants, repoRoot } from './test-support/tenant-folders.ts';
import type { LoadedNetwork, Problem } from './types.ts';

type Json = Record<string, unknown>;
type Item = Json & { shopItemId: number; name: Record<string, string> };
type Catalogue = { categories: Json[]; rates: Json[]; documentTypes: Json[]; shopItems: Item[] };

const lines = (problems: Problem[]) => problems.map((p) => `${p.file} | ${p.field} | ${p.message}`);

async function demo() {
  const copy = await copyDemoTenants();
  const load = () => loadTenants({ tenantsDir: copy.tenantsDir, themesDir: copy.themesDir });
  /** Edits tenants/<slug>/catalogue.json of the copy. */
  const editCatalogue = (slug: string, edit: (catalogue: Catalogue) => void) =>
    copy.editJson(`tenants/${slug}/catalogue.json`, (value) => edit(value as unknown as Catalogue));
  const byId = (catalogue: Catalogue, id: number) =>
    catalogue.shopItems.find((i) => i.shopItemId === id) as Item;
  return { ...copy, load, editCatalogue, byId };
}

const network = (networks: LoadedNetwork[], slug: string) =>
  networks.find((entry) => entry.network.slug === slug) as LoadedNetwork;

describe('catalogue files', () => {
  it('loads the demo catalogues with their networks', async () => {
    const { load, tenantsDir } = await demo();
    const result = await load();
    expect(result.problems).toEqual([]);
    const lumiere = network(result.networks, 'lumiere');
    expect(lumiere.catalogue.categories.map((c) => c.id)).toEqual(['tickets', 'passes', 'reduced', 'cards']);
    expect(lumiere.catalogue.shopItems.length).toBeGreaterThan(10);
    expect(lumiere.files).toContain(join(tenantsDir, 'lumiere', 'catalogue.json'));
    for (const slug of ['lakeside', 'lumiere', 'wahat'])
      expect(network(result.networks, slug).catalogue.shopItems.length).toBeGreaterThan(0);
  });

  it('a network without a catalogue file loads with an empty catalogue', async () => {
    const { load, tenantsDir } = await demo();
    await rm(join(tenantsDir, 'wahat', 'catalogue.json'));
    const result = await load();
    expect(result.problems).toEqual([]);
    const wahat = network(result.networks, 'wahat');
    expect(wahat.catalogue).toEqual({
      categories: [],
      fareProducts: [],
      rates: [],
      documentTypes: [],
      shopItems: [],
    });
    expect(wahat.files.some((file) => file.endsWith('catalogue.json'))).toBe(false);
    expect(
      catalogueAnswer({ config: wahat.network.config, catalogue: wahat.catalogue }, { locale: 'ar' }),
    ).toEqual({
      currency: 'MAD',
      categories: [],
      rates: [],
      documentTypes: [],
    });
  });

  it('reports unknown categories, rates and document types, and duplicate ids, each with its file and field', async () => {
    const { load, editCatalogue, byId } = await demo();
    await editCatalogue('lumiere', (c) => {
      byId(c, 1101).category = 'trams';
      byId(c, 1102).shopItemId = 1101;
      byId(c, 2101).rate = 'vip';
      byId(c, 3101).requiredDocuments = [1, 7];
      (c.categories[1] as Json).productTypeIndex = 1;
      c.rates.push({
        id: 'full',
        name: { fr: 'Plein', en: 'Full', ar: 'كامل', it: 'Intero', es: 'Completo' },
      });
    });
    expect(lines((await load()).problems)).toEqual([
      'tenants/lumiere/catalogue.json | categories.1.productTypeIndex | duplicate productTypeIndex 1 (also at index 0)',
      'tenants/lumiere/catalogue.json | rates.4.id | duplicate rate id "full" (also at index 0)',
      'tenants/lumiere/catalogue.json | shopItems.1.shopItemId | duplicate shopItemId 1101 (also at index 0)',
      'tenants/lumiere/catalogue.json | shopItems.0.category | shop item 1101: unknown category "trams" (categories: tickets, passes, reduced, cards)',
      'tenants/lumiere/catalogue.json | shopItems.6.rate | shop item 2101: unknown rate "vip" (rates: full, youth, senior, solidarity, full)',
      'tenants/lumiere/catalogue.json | shopItems.9.requiredDocuments.1 | shop item 3101: unknown document type 7 (documentTypes: 1, 2, 3)',
    ]);
  });

  it('reports a text missing for an offered language, wherever it is', async () => {
    const { load, editCatalogue, byId } = await demo();
    await editCatalogue('lumiere', (c) => {
      delete ((c.categories[0] as Json).name as Json).ar;
      delete byId(c, 1101).name.it;
      const [, institution] = byId(c, 3101).fields as { options: { label: Json }[] }[];
      const [, , other] = institution?.options ?? [];
      if (other) delete other.label.es;
    });
    await editCatalogue('wahat', (c) => {
      (c.documentTypes[0] as { description: Json }).description = { fr: 'Valable', en: 'Valid' };
    });
    expect(lines((await load()).problems)).toEqual([
      'tenants/lumiere/catalogue.json | categories.0.name.ar | missing locale text: no text for offered language "ar"',
      'tenants/lumiere/catalogue.json | shopItems.0.name.it | missing locale text: no text for offered language "it"',
      'tenants/lumiere/catalogue.json | shopItems.9.fields.1.options.2.label.es | missing locale text: no text for offered language "es"',
      'tenants/wahat/catalogue.json | documentTypes.0.description.ar | missing locale text: no text for offered language "ar"',
    ]);
  });

  it('reports a minimum quantity above the maximum and a promo price above the price', async () => {
    const { load, editCatalogue, byId } = await demo();
    await editCatalogue('lakeside', (c) => {
      Object.assign(byId(c, 1302), { articleQuantityMin: 6, articleQuantityMax: 5 });
      byId(c, 1305).shopItemPromoPrice = 2500;
    });
    expect(lines((await load()).problems)).toEqual([
      'tenants/lakeside/catalogue.json | shopItems.1.articleQuantityMin | shop item 1302: articleQuantityMin 6 is above articleQuantityMax 5',
      'tenants/lakeside/catalogue.json | shopItems.4.shopItemPromoPrice | shop item 1305: the promo price 2500 must be lower than the price 2200',
    ]);
  });

  it('reports pivot values that make no sense and invalid start proposals', async () => {
    const { load, editCatalogue, byId } = await demo();
    await editCatalogue('wahat', (c) => {
      byId(c, 1203).pivotValue = 0;
      byId(c, 2201).pivotType = null;
      byId(c, 2202).startProposals = 24;
      Object.assign(byId(c, 2203), { pivotType: 'WEEK_PIVOT', pivotValue: 60, startProposals: 0 });
      byId(c, 1201).startProposals = 3;
      byId(c, 3201).pivotType = 'YEAR_PIVOT';
    });
    // The schema error (an unknown pivot type) is reported with the rest of the file's schema errors first.
    expect(lines((await load()).problems)).toEqual([
      expect.stringMatching(/^tenants\/wahat\/catalogue\.json \| shopItems\.7\.pivotType \| Invalid option/),
    ]);
    await editCatalogue('wahat', (c) => {
      byId(c, 3201).pivotType = 'MONTH_PIVOT';
    });
    expect(lines((await load()).problems)).toEqual([
      'tenants/wahat/catalogue.json | shopItems.0.startProposals | shop item 1201: start proposals need a pivotType: without one the validity starts at purchase',
      'tenants/wahat/catalogue.json | shopItems.2.pivotValue | shop item 1203: a DAY_PIVOT validity is 1 to 366 days, not 0',
      'tenants/wahat/catalogue.json | shopItems.4.pivotValue | shop item 2201: a pivotValue needs a pivotType (DAY_PIVOT, WEEK_PIVOT or MONTH_PIVOT)',
      'tenants/wahat/catalogue.json | shopItems.4.startProposals | shop item 2201: start proposals need a pivotType: without one the validity starts at purchase',
      'tenants/wahat/catalogue.json | shopItems.4.products.0.productId | shop item 2201: product 6201 is a pass (PERIOD): the item needs a pivotType and a pivotValue',
      'tenants/wahat/catalogue.json | shopItems.5.startProposals | shop item 2202: a MONTH_PIVOT item proposes 1 to 12 months of start dates, not 24',
      'tenants/wahat/catalogue.json | shopItems.6.pivotValue | shop item 2203: a WEEK_PIVOT validity is 1 to 52 weeks, not 60',
      'tenants/wahat/catalogue.json | shopItems.6.startProposals | shop item 2203: a WEEK_PIVOT item proposes 1 to 12 weeks of start dates, not 0',
    ]);
  });

  it('reports what the network does not offer: instalments, transfers, subscriptions, collect sites', async () => {
    const { load, editCatalogue, byId } = await demo();
    await editCatalogue('wahat', (c) => {
      byId(c, 2203).paymentOptions = { installments: [1, 3], paymentMethods: ['CARD', 'TRANSFER'] };
      byId(c, 2202).paymentOptions = { allowSubscription: true };
    });
    await editCatalogue('lakeside', (c) => {
      byId(c, 9301).tags = 'eshop_physical_duplicate eshop_collect';
      byId(c, 2303).supports = ['PHYSICAL', 'DEMATERIALIZED'];
    });
    expect(lines((await load()).problems)).toEqual([
      'tenants/lakeside/catalogue.json | shopItems.7.products.0.dematerialized | shop item 2303: product 7203 does not exist on the app, yet the item offers the DEMATERIALIZED support',
      'tenants/lakeside/catalogue.json | shopItems.10.tags | shop item 9301: eshop_collect: the network has no collect sites',
      'tenants/wahat/catalogue.json | shopItems.5.paymentOptions.allowSubscription | shop item 2202: the network sells no subscriptions (has_subscriptions is false)',
      'tenants/wahat/catalogue.json | shopItems.6.paymentOptions.installments.1 | shop item 2203: 3 instalments: the network offers 1 (multiple_payment_installments, NET-05)',
      'tenants/wahat/catalogue.json | shopItems.6.paymentOptions.paymentMethods.1 | shop item 2203: TRANSFER: the network does not enable transfers (payment.transfer_enabled, NET-04)',
    ]);
  });

  it('NET-09 a network offering new cards by post names one new-card product: two in the first product type holding them are refused, one alone there is the one', async () => {
    const { load, editCatalogue, byId } = await demo();
    // Wahat sells cards by post without the purchase tunnel (decision 0037), Lumière with it.
    await editCatalogue('wahat', (c) => {
      byId(c, 4202).tags = 'eshop_physical_pass';
    });
    await editCatalogue('lumiere', (c) => {
      byId(c, 9102).tags = 'eshop_physical_pass';
    });
    expect(lines((await load()).problems)).toEqual([
      'tenants/lumiere/catalogue.json | shopItems.14.tags | no new-card product (NET-09): category "cards", the first holding eshop_physical_pass items, holds 2 of them (shop items 9101, 9102); a new card by post is offered only when one is alone there',
      'tenants/wahat/catalogue.json | shopItems.11.tags | no new-card product (NET-09): category "cards", the first holding eshop_physical_pass items, holds 2 of them (shop items 4202, 4203); a new card by post is offered only when one is alone there',
    ]);
    // A new-card product alone in an earlier product type is the one named: no problem.
    await editCatalogue('wahat', (c) => {
      byId(c, 4202).category = 'tickets';
    });
    await editCatalogue('lumiere', (c) => {
      byId(c, 9102).category = 'tickets';
    });
    expect((await load()).problems).toEqual([]);
  });

  it('reports a new-card product that is not a card sent by post: collected at an agency, or naming tickets; or on a network hiding birth dates', async () => {
    const { load, editCatalogue, byId } = await demo();
    // Lakeside hides the birth date a new card is made out to.
    await editCatalogue('lakeside', (c) => {
      byId(c, 9301).tags = 'eshop_physical_pass';
    });
    await editCatalogue('wahat', (c) => {
      byId(c, 4203).tags = 'eshop_physical_pass eshop_collect';
      byId(c, 4203).products = [
        { productId: 6403, dematerialized: false },
        { productId: 6101, dematerialized: false },
      ];
    });
    expect(lines((await load()).problems)).toEqual([
      "tenants/lakeside/catalogue.json | shopItems.10.tags | shop item 9301, the new-card product (NET-09): a new card is made out to its holder's date of birth, which the network hides (hideBirthDate in network.json)",
      'tenants/wahat/catalogue.json | shopItems.11.tags | shop item 4203, the new-card product (NET-09): a new card is sent by post, so it cannot be tagged eshop_collect',
      'tenants/wahat/catalogue.json | shopItems.11.products.1.productId | shop item 4203, the new-card product (NET-09): product 6101 is a JOURNEYS fare product; the card alone is a MEDIUM',
    ]);
  });

  it('reports document types no qualification provider of the network validates', async () => {
    const { load, editJson } = await demo();
    await editJson('tenants/lumiere/network.json', (n) => {
      (
        n.qualificationValidationConfiguration as { providers: { documentTypeIds: number[] }[] }
      ).providers[0] = {
        ...(n.qualificationValidationConfiguration as { providers: Json[] }).providers[0],
        documentTypeIds: [2],
      };
    });
    expect(lines((await load()).problems)).toEqual([
      'tenants/lumiere/catalogue.json | documentTypes.2.id | document type 3 is validated by no provider of qualificationValidationConfiguration in network.json',
    ]);
  });

  it('reports schema errors of every item at once, and a file that is not JSON', async () => {
    const { load, editCatalogue, byId, tenantsDir } = await demo();
    await editCatalogue('lakeside', (c) => {
      byId(c, 1301).shopItemPrice = 2.5;
      byId(c, 1302).supports = ['BIKE'];
      byId(c, 2301).paymentOptions = { instalments: [1, 2] };
      byId(c, 2302).tags = 'Hidden';
    });
    await writeFile(join(tenantsDir, 'wahat', 'catalogue.json'), '{ "categories": [');
    const problems = lines((await load()).problems);
    expect(problems).toEqual([
      'tenants/lakeside/catalogue.json | shopItems.0.shopItemPrice | Invalid input: expected int, received number',
      expect.stringMatching(
        /^tenants\/lakeside\/catalogue\.json \| shopItems\.1\.supports\.0 \| Invalid option/,
      ),
      'tenants/lakeside/catalogue.json | shopItems.5.paymentOptions | Unrecognized key: "instalments"',
      'tenants/lakeside/catalogue.json | shopItems.6.tags | lowercase words separated by single spaces',
      expect.stringMatching(/^tenants\/wahat\/catalogue\.json \| {2}\| not valid JSON/),
    ]);
    expect((await load()).invalidSlugs).toEqual(['lakeside', 'wahat']);
  });

  it('tenant:validate prints every catalogue problem with its file and field and exits 1', async () => {
    const { tenantsDir, themesDir, editCatalogue, byId } = await demo();
    await editCatalogue('lumiere', (c) => {
      byId(c, 1101).category = 'trams';
      byId(c, 1103).shopItemPromoPrice = 990;
    });
    const run = spawnSync(
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
    expect(run.status).toBe(1);
    expect(run.stdout.trim().split('\n')).toEqual([
      'tenants/lumiere/catalogue.json: shopItems.0.category: shop item 1101: unknown category "trams" (categories: tickets, passes, reduced, cards)',
      'tenants/lumiere/catalogue.json: shopItems.2.shopItemPromoPrice: shop item 1103: the promo price 990 must be lower than the price 550',
      '3 networks, 3 themes: 2 problems (invalid: lumiere)',
    ]);
  });
});

describe('the demo catalogues as the calls answer them', () => {
  it('answer in every offered language, with texts in that language, matching the sdk schema', async () => {
    const { networks } = await (await demo()).load();
    for (const loaded of networks) {
      const { config } = loaded.network;
      for (const locale of config.languages) {
        const answer = catalogueAnswer({ config, catalogue: loaded.catalogue }, { locale });
        expect(catalogueAnswerSchema.parse(answer)).toEqual(answer);
        const items = answer.categories.flatMap((category) => category.shopItems);
        expect(items).toHaveLength(loaded.catalogue.shopItems.length);
        const source = loaded.catalogue.shopItems;
        expect(items.map((item) => item.name)).toEqual(
          expect.arrayContaining(source.map((item) => item.name[locale] as string)),
        );
      }
    }
  });

  it('put categories in productTypeIndex order and give each item its largest instalment count', async () => {
    const lumiere = network((await (await demo()).load()).networks, 'lumiere');
    const answer = catalogueAnswer(
      { config: lumiere.network.config, catalogue: lumiere.catalogue },
      { locale: 'ar' },
    );
    expect(answer.currency).toBe('EUR');
    expect(answer.categories.map((c) => c.productTypeIndex)).toEqual([1, 2, 3, 9]);
    expect(answer.categories[1]?.name).toBe('الاشتراكات');
    const annual = answer.categories[1]?.shopItems.find((item) => item.shopItemId === 2103) as ShopItem;
    expect([annual.installments, annual.paymentOptions.installments]).toEqual([10, [1, 3, 10]]);
  });

  it('fall back to the default language for a language the network does not offer', async () => {
    const wahat = network((await (await demo()).load()).networks, 'wahat');
    const answer = catalogueAnswer(
      { config: wahat.network.config, catalogue: wahat.catalogue },
      { locale: 'es' },
    );
    expect(answer.categories[0]?.name).toBe('التذاكر');
  });

  it('CAT-01 NET-09 Lumière lists no card product, and its creation-products answer gives the Lumière card', async () => {
    const lumiere = network((await (await demo()).load()).networks, 'lumiere');
    const source = { config: lumiere.network.config, catalogue: lumiere.catalogue };
    const all = catalogueAnswer(source, { locale: 'fr' });
    const listed = shopListing(all.categories, { guest: false, signInDriver: null }).flatMap(
      (c) => c.shopItems,
    );
    expect(listed.map((item) => item.name)).not.toEqual(
      expect.arrayContaining(['Carte Lumière', 'Carte de remplacement', 'Frais d’envoi']),
    );
    const creation = catalogueAnswer(source, {
      locale: 'fr',
      keep: carriesAllTags(CATALOGUE_TAGS.physicalPass),
    });
    expect(creationProductOf(creation.categories)?.name).toBe('Carte Lumière');
    const media = catalogueAnswer(source, { locale: 'fr', keep: isMediaProduct });
    expect(media.categories.flatMap((c) => c.shopItems.map((item) => item.name))).toEqual([
      'Carte Lumière',
      'Carte de remplacement',
    ]);
  });

  it('under a FranceConnect viewer Lumière still lists its card products and drops its app-only pass', async () => {
    const lumiere = network((await (await demo()).load()).networks, 'lumiere');
    const all = catalogueAnswer(
      { config: lumiere.network.config, catalogue: lumiere.catalogue },
      { locale: 'en' },
    );
    const listed = shopListing(all.categories, { guest: false, signInDriver: 'FRANCECONNECT' }).flatMap(
      (c) => c.shopItems,
    );
    expect(listed.map((item) => item.name)).not.toContain('Group 24-hour pass');
    expect(listed.every((item) => item.supports.every((support) => support === 'PHYSICAL'))).toBe(true);
    expect(listed.map((item) => item.name)).toContain('Annual pass');
  });
});
