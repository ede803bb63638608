// robots.txt and sitemap.xml per network and Host: written on the first request from the tenant
// files, then kept in every encoding like the index pages, until the tenant files change.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { type CachedPage, encodePage } from '../web/page-cache.ts';
import { originOf, robotsTxt, sitemapXml } from './crawler-texts.ts';

export type CrawlerFile = 'robots' | 'sitemap';

const CONTENT_TYPES: Record<CrawlerFile, string> = {
  robots: 'text/plain; charset=utf-8',
  sitemap: 'application/xml; charset=utf-8',
};

// A network answers on a few domains (and ports in development): beyond this many distinct Hosts,
// its files start over, so odd Host headers cannot grow the cache.
const MAX_HOSTS_PER_NETWORK = 16;

export type CrawlerFileAnswer =
  | { kind: 'unknown-host' }
  | { kind: 'file'; network: LoadedNetwork; file: CachedPage };

export type CrawlerFiles = ReturnType<typeof createCrawlerFiles>;

export function createCrawlerFiles(options: {
  store: TenantStore;
  securityHeaders: Readonly<Record<string, string>>;
}) {
  const { store, securityHeaders } = options;
  // Keyed by the loaded network: a reload builds new objects, so a changed file is never served stale.
  let files = new WeakMap<LoadedNetwork, Map<string, CachedPage>>();
  store.on('reloaded', (outcome) => {
    if (outcome.applied) files = new WeakMap();
  });

  function answer(host: string | undefined, kind: CrawlerFile): CrawlerFileAnswer {
    const network = host ? store.registry.byHost(host) : undefined;
    if (!host || !network) return { kind: 'unknown-host' };
    const origin = originOf(host, network);
    let ofNetwork = files.get(network);
    if (!ofNetwork || ofNetwork.size >= MAX_HOSTS_PER_NETWORK * 2) {
      ofNetwork = new Map();
      files.set(network, ofNetwork);
    }
    const key = `${kind} ${origin}`;
    let file = ofNetwork.get(key);
    if (!file) {
      const text = kind === 'robots' ? robotsTxt(network, origin) : sitemapXml(network, origin);
      file = encodePage(text, {
        ...securityHeaders,
        'content-type': CONTENT_TYPES[kind],
        'cache-control': 'no-cache',
      });
      ofNetwork.set(key, file);
    }
    return { kind: 'file', network, file };
  }

  return { answer };
}
