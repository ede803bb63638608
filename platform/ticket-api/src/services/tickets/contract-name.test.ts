import type { LoadedNetwork } from '@transit-shop/tenancy';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoNetworks } from '../../test-support/demo-networks.ts';
import { contractNameOf, fareNameOf } from './contract-name.ts';

let lumiere: LoadedNetwork;
let wahat: LoadedNetwork;
beforeAll(async () => {
  const networks = await loadDemoNetworks();
  lumiere = networks.byId(101) as LoadedNetwork;
  wahat = networks.byId(102) as LoadedNetwork;
});

describe('what a contract is called', () => {
  it('is the shop item it was bought as when the item gives this one product: a carnet, not its single ticket', () => {
    const carnet = { productId: 5101, shopItemId: 1102, soldLabel: 'Carnet 10 voyages' };
    expect(contractNameOf(lumiere, carnet, 'en', 'fr')).toBe('Carnet of 10 tickets');
    expect(contractNameOf(lumiere, carnet, 'fr', 'fr')).toBe('Carnet 10 voyages');
    expect(fareNameOf(lumiere, 5101, 'en', 'fr')).toBe('Single ticket');
  });

  it('is the fare product’s name when the item is gone or gives another product', () => {
    expect(
      contractNameOf(lumiere, { productId: 5101, shopItemId: 424_242, soldLabel: 'x' }, 'en', 'fr'),
    ).toBe('Single ticket');
    expect(contractNameOf(lumiere, { productId: 5101, shopItemId: 2101, soldLabel: 'x' }, 'en', 'fr')).toBe(
      'Single ticket',
    );
  });

  it('is the label as sold when the catalogue knows neither', () => {
    expect(
      contractNameOf(
        lumiere,
        { productId: 9_999, shopItemId: 424_242, soldLabel: 'Ticket spécial' },
        'en',
        'fr',
      ),
    ).toBe('Ticket spécial');
    expect(fareNameOf(lumiere, 9_999, 'en', 'fr')).toBe('#9999');
  });

  it('falls back on the network’s default language when neither language is offered', () => {
    const name = contractNameOf(wahat, { productId: 6101, shopItemId: 1202, soldLabel: 'x' }, 'it', 'it');
    expect(wahat.network.config.defaultLanguage).toBe('ar');
    expect(name).toBe('دفتر من 10 تذاكر');
  });
});
