// Rendered index pages, one per (network, locale, appearance), each kept in every encoding it is
// served in, with its headers ready to write to the socket.
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { LOCALES, type Locale } from '@transit-shop/sdk/locales';
import { APPEARANCES, type Appearance, type LoadedNetwork } from '@transit-shop/tenancy';
import type { PageEncoding } from '../http/content-encoding.ts';

export type EncodedPage = {
  body: Uint8Array;
  /**
   * The same bytes as a latin1 string: Node then sends the head and the body in one write
   * instead of two (a Buffer body goes out as a separate chunk of a writev).
   */
  bodyLatin1: string;
  /** Every header of the answer but the request id (lower-case names). */
  headers: Readonly<Record<string, string>>;
  /** The same headers as a flat [name, value, ...] list, which Node writes fastest. */
  rawHeaders: readonly string[];
};

export type CachedPage = Readonly<Record<PageEncoding, EncodedPage>>;

/** Encodes a page once: brotli and gzip at their best levels (paid once per page, not per request). */
export function encodePage(html: string, headers: Readonly<Record<string, string>>): CachedPage {
  const identity = Buffer.from(html);
  const variant = (body: Uint8Array, encoding?: string): EncodedPage => {
    const all: Record<string, string> = {
      ...headers,
      vary: 'Accept-Encoding',
      'content-length': String(body.byteLength),
    };
    if (encoding) all['content-encoding'] = encoding;
    return {
      body,
      bodyLatin1: Buffer.from(body).toString('latin1'),
      headers: all,
      rawHeaders: Object.entries(all).flat(),
    };
  };
  return {
    identity: variant(identity),
    gzip: variant(gzipSync(identity, { level: zlib.Z_BEST_COMPRESSION }), 'gzip'),
    br: variant(
      brotliCompressSync(identity, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
        },
      }),
      'br',
    ),
  };
}

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
