// Rendered index pages, one per (network, locale, appearance), ready to write to the socket.
import { LOCALES, type Locale } from '@transit-shop/sdk/locales';
import { APPEARANCES, type Appearance, type LoadedNetwork } from '@transit-shop/tenancy';

export type CachedPage = {
  body: Uint8Array;
  /** Every header of the answer but the request id (lower-case names). */
  headers: Readonly<Record<string, string>>;
};

const LOCALE_SLOT = new Map(LOCALES.map((locale, index) => [locale, index * APPEARANCES.length]));
const APPEARANCE_SLOT = new Map(APPEARANCES.map((appearance, index) => [appearance, index]));
const SLOTS = LOCALES.length * APPEARANCES.length;

/**
 * Keyed by the loaded network object: a reload builds new objects, so stale pages are never
 * found; clear() drops everything (reload, new web build) so memory follows the networks served.
 */
export class PageCache {
  #pages = new WeakMap<LoadedNetwork, (CachedPage | undefined)[]>();

  get(network: LoadedNetwork, locale: Locale, appearance: Appearance): CachedPage | undefined {
    return this.#pages.get(network)?.[slot(locale, appearance)];
  }

  set(network: LoadedNetwork, locale: Locale, appearance: Appearance, page: CachedPage): void {
    let slots = this.#pages.get(network);
    if (!slots) {
      slots = new Array<CachedPage | undefined>(SLOTS).fill(undefined);
      this.#pages.set(network, slots);
    }
    slots[slot(locale, appearance)] = page;
  }

  clear(): void {
    this.#pages = new WeakMap();
  }
}

const slot = (locale: Locale, appearance: Appearance) =>
  (LOCALE_SLOT.get(locale) ?? 0) + (APPEARANCE_SLOT.get(appearance) ?? 0);
