import { NO_START } from '@transit-shop/sdk/catalogue/start-dates';
import type { ShopItem } from '@transit-shop/sdk/contract/catalogue';
import type { Medium } from '@transit-shop/sdk/contract/media';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { shopItem } from '../cart/cart-test-items.ts';
import {
  choiceOf,
  pairableMediaIn,
  selectableMediaIn,
  type TunnelInput,
  tunnelMachine,
} from './tunnel.machine.ts';
import { tunnelLinesOf } from './tunnel-rules.ts';
import type { SavedTunnel } from './tunnel-storage.ts';
import { CHILD, HOLDER, medium, NOW, TIME_ZONE, travellers } from './tunnel-test-items.ts';

const creationProduct = shopItem({ name: 'New card', supports: ['PHYSICAL'] });

type Start = Partial<TunnelInput> & { item?: ShopItem };

/** A tunnel whose writes to storage are recorded, the last one being what a reload reads. */
function startTunnel(start: Start = {}) {
  const writes: (SavedTunnel | null)[] = [];
  const machine = tunnelMachine.provide({
    actors: {
      saveTunnel: fromPromise<void, SavedTunnel | null>(async ({ input }) => {
        writes.push(input);
      }),
    },
  });
  const input: TunnelInput = {
    travellers,
    medias: [],
    pairing: false,
    creationProduct,
    timeZone: TIME_ZONE,
    now: () => NOW,
    ...start,
  };
  const actor = createActor(machine, { input }).start();
  return { actor, writes, input };
}

const state = (actor: { getSnapshot(): { value: unknown } }) => actor.getSnapshot().value;

describe('tunnel', () => {
  it('TUN-02 lists the holder and their travellers, VALID_MEDIA only with a usable card of their own', () => {
    const { actor } = startTunnel({ item: shopItem(), medias: [medium({ profileId: CHILD })] });
    expect(state(actor)).toBe('passengers');
    expect(actor.getSnapshot().context.passengers).toEqual([
      { id: HOLDER, media: 'NO_VALID_MEDIA' },
      { id: CHILD, media: 'VALID_MEDIA' },
    ]);
  });

  it('asks the media among the item’s supports; the phone support is ready at once', () => {
    const item = shopItem({ supports: ['PHYSICAL', 'DEMATERIALIZED'] });
    const { actor } = startTunnel({ item });
    actor.send({ type: 'CHOOSE_PASSENGER', passengerId: 999 });
    expect(state(actor)).toBe('passengers');
    actor.send({ type: 'CHOOSE_PASSENGER', passengerId: CHILD });
    expect(state(actor)).toBe('media');
    actor.send({ type: 'CHOOSE_MEDIA', media: 'DEMATERIALIZED' });
    expect(state(actor)).toBe('ready');
    const choice = choiceOf(actor.getSnapshot().context);
    expect(choice && tunnelLinesOf(choice, { now: NOW, timeZone: TIME_ZONE })).toEqual([
      { item, quantity: 1, delivery: 'DEMATERIALIZED', profile: CHILD, mediaId: null, ...NO_START },
    ]);
  });

  it('refuses a support the item does not offer', () => {
    const { actor } = startTunnel({ item: shopItem({ supports: ['DEMATERIALIZED'] }) });
    actor.send({ type: 'CHOOSE_PASSENGER', passengerId: HOLDER });
    actor.send({ type: 'CHOOSE_MEDIA', media: 'PHYSICAL' });
    expect(state(actor)).toBe('media');
  });

  it('ROUTE-07 an item offering only the physical support sets the media to PHYSICAL without asking', () => {
    const { actor } = startTunnel({ item: shopItem({ supports: ['PHYSICAL'] }) });
    actor.send({ type: 'CHOOSE_PASSENGER', passengerId: HOLDER });
    expect(actor.getSnapshot().context.media).toBe('PHYSICAL');
    expect(state(actor)).toBe('card');
    expect(actor.getSnapshot().context.steps).toEqual(['passengers', 'card']);
  });

  it('ROUTE-08 a passenger with an unexpired usable card goes to card selection, otherwise to card', () => {
    const card = medium({ profileId: CHILD });
    const expired = medium({ profileId: null, expires_at: '2026-11-27' });
    const { actor } = startTunnel({ item: shopItem(), medias: [card, expired] });
    actor.send({ type: 'CHOOSE_PASSENGER', passengerId: CHILD });
    actor.send({ type: 'CHOOSE_MEDIA', media: 'PHYSICAL' });
    expect(state(actor)).toBe('cardSelection');
    actor.send({ type: 'GO_TO', step: 'passengers' });
    actor.send({ type: 'CHOOSE_PASSENGER', passengerId: HOLDER });
    actor.send({ type: 'CHOOSE_MEDIA', media: 'PHYSICAL' });
    expect(state(actor)).toBe('card');
  });

  it('card selection offers the passenger’s usable cards and keeps the one chosen', () => {
    const item = shopItem();
    const card = medium({ profileId: CHILD, expires_at: '2027-03-31' });
    const blocked = medium({ profileId: CHILD, status: 'BLOCKED' });
    const holders = medium({ profileId: null });
    const { actor } = startTunnel({ item, medias: [card, blocked, holders] });
    actor.send({ type: 'CHOOSE_PASSENGER', passengerId: CHILD });
    actor.send({ type: 'CHOOSE_MEDIA', media: 'PHYSICAL' });
    expect(selectableMediaIn(actor.getSnapshot().context)).toEqual([card]);
    actor.send({ type: 'SELECT_MEDIUM', mediumId: blocked.id });
    actor.send({ type: 'SELECT_MEDIUM', mediumId: holders.id });
    expect(state(actor)).toBe('cardSelection');
    actor.send({ type: 'SELECT_MEDIUM', mediumId: card.id });
    expect(state(actor)).toBe('ready');
    expect(actor.getSnapshot().context.selectedMedia).toEqual({
      id: card.id,
      number: card.number,
      expires_at: '2027-03-31',
    });
    const choice = choiceOf(actor.getSnapshot().context);
    expect(choice && tunnelLinesOf(choice, { now: NOW, timeZone: TIME_ZONE })).toEqual([
      { item, quantity: 1, delivery: 'PHYSICAL', profile: CHILD, mediaId: card.id, ...NO_START },
    ]);
  });

  it('a card linked on the way makes the passenger VALID_MEDIA and leads to card selection', () => {
    const { actor } = startTunnel({ item: shopItem() });
    actor.send({ type: 'CHOOSE_PASSENGER', passengerId: CHILD });
    actor.send({ type: 'CHOOSE_MEDIA', media: 'PHYSICAL' });
    actor.send({ type: 'LINK_CARD' });
    expect(state(actor)).toBe('cardAssociation');
    const linked: Medium = medium({ profileId: CHILD });
    actor.send({ type: 'CARD_LINKED', medium: linked });
    expect(state(actor)).toBe('cardSelection');
    expect(actor.getSnapshot().context.passengers).toContainEqual({ id: CHILD, media: 'VALID_MEDIA' });
    actor.send({ type: 'SELECT_MEDIUM', mediumId: linked.id });
    expect(actor.getSnapshot().context.selectedMedia?.id).toBe(linked.id);
  });

  it('pairs one of the account’s cards with the traveller only with has_media_tunnel_pairing', () => {
    const holders = medium({ profileId: null });
    const without = startTunnel({ item: shopItem(), medias: [holders], pairing: false }).actor;
    without.send({ type: 'CHOOSE_PASSENGER', passengerId: CHILD });
    without.send({ type: 'CHOOSE_MEDIA', media: 'PHYSICAL' });
    expect(without.getSnapshot().can({ type: 'PAIR_CARD' })).toBe(false);
    without.send({ type: 'PAIR_CARD' });
    expect(state(without)).toBe('card');

    const { actor } = startTunnel({ item: shopItem(), medias: [holders], pairing: true });
    actor.send({ type: 'CHOOSE_PASSENGER', passengerId: CHILD });
    actor.send({ type: 'CHOOSE_MEDIA', media: 'PHYSICAL' });
    actor.send({ type: 'PAIR_CARD' });
    expect(state(actor)).toBe('cardProfiles');
    expect(pairableMediaIn(actor.getSnapshot().context)).toEqual([holders]);
    actor.send({ type: 'CARD_LINKED', medium: { ...holders, profileId: CHILD } });
    expect(state(actor)).toBe('cardSelection');
    expect(selectableMediaIn(actor.getSnapshot().context).map((m) => m.id)).toEqual([holders.id]);
  });

  it('buys a new card in the same cart: the line has no card yet and the card as its option', () => {
    const item = shopItem();
    const { actor } = startTunnel({ item });
    actor.send({ type: 'CHOOSE_PASSENGER', passengerId: HOLDER });
    actor.send({ type: 'CHOOSE_MEDIA', media: 'PHYSICAL' });
    actor.send({ type: 'BUY_NEW_CARD' });
    expect(state(actor)).toBe('ready');
    const choice = choiceOf(actor.getSnapshot().context);
    expect(choice && tunnelLinesOf(choice, { now: NOW, timeZone: TIME_ZONE })).toEqual([
      {
        item,
        quantity: 1,
        delivery: 'PHYSICAL',
        profile: HOLDER,
        mediaId: null,
        option: creationProduct,
        ...NO_START,
      },
    ]);
  });

  it('no new card is offered when the catalogue has no creation product', () => {
    const { actor } = startTunnel({ item: shopItem(), creationProduct: null });
    actor.send({ type: 'CHOOSE_PASSENGER', passengerId: HOLDER });
    actor.send({ type: 'CHOOSE_MEDIA', media: 'PHYSICAL' });
    expect(actor.getSnapshot().can({ type: 'BUY_NEW_CARD' })).toBe(false);
  });

  it('goes back only to pages shown already', () => {
    const { actor } = startTunnel({ item: shopItem() });
    actor.send({ type: 'GO_TO', step: 'card' });
    expect(state(actor)).toBe('passengers');
    actor.send({ type: 'CHOOSE_PASSENGER', passengerId: HOLDER });
    actor.send({ type: 'CHOOSE_MEDIA', media: 'PHYSICAL' });
    actor.send({ type: 'LINK_CARD' });
    actor.send({ type: 'BACK' });
    expect(state(actor)).toBe('card');
    expect(actor.getSnapshot().context.steps).toEqual(['passengers', 'media', 'card']);
    actor.send({ type: 'GO_TO', step: 'media' });
    expect(state(actor)).toBe('media');
  });

  it('hands every step to its saved copy, and a reload from that copy resumes where it was', () => {
    const item = shopItem();
    const card = medium({ profileId: CHILD });
    const first = startTunnel({ item, medias: [card] });
    first.actor.send({ type: 'CHOOSE_PASSENGER', passengerId: CHILD });
    first.actor.send({ type: 'CHOOSE_MEDIA', media: 'PHYSICAL' });
    const saved = first.writes.at(-1);
    expect(saved).toMatchObject({
      passengers: [
        { id: HOLDER, media: 'NO_VALID_MEDIA' },
        { id: CHILD, media: 'VALID_MEDIA' },
      ],
      media: 'PHYSICAL',
      selectedMedia: null,
      ready: false,
      selectedPassenger: CHILD,
      steps: ['passengers', 'media', 'card/selection'],
    });
    first.actor.stop();

    // The page reloads: no item given, the stored entry as text.
    const second = startTunnel({ saved: JSON.stringify(saved), medias: [card] });
    expect(state(second.actor)).toBe('cardSelection');
    expect(second.actor.getSnapshot().context.item).toEqual(item);
    second.actor.send({ type: 'SELECT_MEDIUM', mediumId: card.id });
    const ready = second.writes.at(-1);
    expect(ready).toMatchObject({ ready: true, selectedMedia: { id: card.id, expires_at: card.expires_at } });

    const third = startTunnel({ saved: ready, medias: [card] });
    expect(state(third.actor)).toBe('ready');
  });

  it('a reload after the chosen card expired asks for a card again', () => {
    const card = medium({ profileId: CHILD, expires_at: '2026-11-28' });
    const first = startTunnel({ item: shopItem(), medias: [card] });
    first.actor.send({ type: 'CHOOSE_PASSENGER', passengerId: CHILD });
    first.actor.send({ type: 'CHOOSE_MEDIA', media: 'PHYSICAL' });
    first.actor.send({ type: 'SELECT_MEDIUM', mediumId: card.id });
    const saved = first.writes.at(-1);

    const nextDay = () => new Date('2026-11-29T09:00:00Z');
    const second = startTunnel({ saved, medias: [card], now: nextDay });
    expect(state(second.actor)).toBe('card');
    expect(second.actor.getSnapshot().context.selectedMedia).toBeNull();
    expect(second.actor.getSnapshot().context.passengers).toContainEqual({
      id: CHILD,
      media: 'NO_VALID_MEDIA',
    });
  });

  it('an unreadable saved copy starts no tunnel and is removed; a new item starts afresh', () => {
    const broken = startTunnel({ saved: '{"version":1' });
    expect(state(broken.actor)).toBe('closed');
    expect(broken.writes).toEqual([null]);

    const item = shopItem();
    const fresh = startTunnel({ item, saved: { version: 1, item: shopItem(), steps: ['media'] } });
    expect(state(fresh.actor)).toBe('passengers');
    expect(fresh.actor.getSnapshot().context.item).toEqual(item);
  });

  it('CLOSE ends the tunnel and removes its saved copy', () => {
    const { actor, writes } = startTunnel({ item: shopItem() });
    actor.send({ type: 'CLOSE' });
    expect(state(actor)).toBe('closed');
    expect(writes.at(-1)).toBeNull();
  });
});
