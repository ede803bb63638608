import { shopItem } from '@transit-shop/sdk/catalogue/test-support/shop-items';
import { CATALOGUE_TAGS } from '@transit-shop/sdk/contract/catalogue';
import type { Medium } from '@transit-shop/sdk/contract/media';
import { describe, expect, it } from 'vitest';
import { fixtureMedium } from '../../test/fixtures/media.ts';
import { asksForCard, cardChoiceOf, lacksHolderBirthDate, usableCardsOf } from './card-choice-rules.ts';

const card = (overrides: Partial<Medium>): Medium => fixtureMedium(overrides);

describe('the card choice', () => {
  it("keeps the holder's cards paired with nobody, a traveller's own, active and ACTIVE or on their way only", () => {
    const cards = [
      card({ id: 1 }),
      card({ id: 2, profileId: 31 }),
      card({ id: 3, state: 'EXPIRED', status: 'EXPIRED' }),
      card({ id: 4, status: 'INCIDENT' }),
      card({ id: 5, status: 'BLOCKED', profileId: 31 }),
      card({ id: 6, status: 'ORDERED' }),
    ];
    expect(usableCardsOf(cards, { userId: 7, holder: true }).map((media) => media.id)).toEqual([1, 6]);
    expect(usableCardsOf(cards, { userId: 31, holder: false }).map((media) => media.id)).toEqual([2]);
  });

  it('a choice holds while it names a usable card; without one a new card is chosen; none while the cards are read', () => {
    const usable = [card({ id: 1 })];
    expect(cardChoiceOf(1, usable, true)).toBe(1);
    expect(cardChoiceOf(2, usable, true)).toBe(null);
    expect(cardChoiceOf(null, usable, true)).toBe(null);
    expect(cardChoiceOf(null, [], true)).toBe('new');
    expect(cardChoiceOf(1, [], true)).toBe('new');
    expect(cardChoiceOf('new', usable, true)).toBe('new');
    expect(cardChoiceOf(null, null, true)).toBe(null);
  });

  it('where the network sends no new card by post, a new card is never the choice: a traveller without a card links one', () => {
    const usable = [card({ id: 1 })];
    expect(cardChoiceOf(null, [], false)).toBe(null);
    expect(cardChoiceOf('new', [], false)).toBe(null);
    expect(cardChoiceOf('new', usable, false)).toBe(null);
    expect(cardChoiceOf(1, usable, false)).toBe(1);
  });

  it('a new card needs its holder’s birth date', () => {
    expect(lacksHolderBirthDate({ birthday: null })).toBe(true);
    expect(lacksHolderBirthDate({ birthday: '1990-04-01' })).toBe(false);
  });

  it('asks for a card only on a card, not click and collect, signed in, without the purchase tunnel', () => {
    const ticket = shopItem({});
    const collect = shopItem({ tags: CATALOGUE_TAGS.collect });
    expect(asksForCard(ticket, 'PHYSICAL', true, false)).toBe(true);
    expect(asksForCard(ticket, 'DEMATERIALIZED', true, false)).toBe(false);
    expect(asksForCard(collect, 'PHYSICAL', true, false)).toBe(false);
    expect(asksForCard(ticket, 'PHYSICAL', false, false)).toBe(false);
    expect(asksForCard(ticket, 'PHYSICAL', true, true)).toBe(false);
  });
});
