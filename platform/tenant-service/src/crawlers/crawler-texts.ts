// robots.txt and sitemap.xml of a network's shop, written from its tenant files (decision 0023):
// absolute addresses on the domain the crawler asked, each public page in every offered language
// with its alternates (hreflang), and the private areas closed to crawlers in every language.
import { localePrefixOf, localizedPath } from '@transit-shop/sdk/locale-paths';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { PRIVATE_PAGE_PATHS, publicPagePaths } from './public-pages.ts';

export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';

/**
 * The origin of a network's addresses on the Host a request named (already resolved to the
 * network): http for *.localhost (development), https otherwise, the Host's port kept.
 */
export function originOf(host: string, loaded: LoadedNetwork): string {
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    url = new URL(`http://${loaded.network.config.domains[0] ?? 'localhost'}`);
  }
  const { hostname, port } = url;
  const scheme = hostname === 'localhost' || hostname.endsWith('.localhost') ? 'http' : 'https';
  return `${scheme}://${hostname}${port ? `:${port}` : ''}`;
}

export function robotsTxt(loaded: LoadedNetwork, origin: string): string {
  const { config } = loaded.network;
  // Unprefixed addresses too: they redirect where French is not the default language, but are
  // addresses all the same.
  const prefixes = new Set(['', ...config.languages.map((language) => localePrefixOf(language, config))]);
  const closed = [...prefixes].flatMap((prefix) => PRIVATE_PAGE_PATHS.map((path) => `${prefix}${path}`));
  return [
    `# ${config.name}: the shop's public pages are open to crawlers; accounts, carts, sign-in and the API are not.`,
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...closed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * The sitemaps protocol's urlset: one <url> per public page and offered language, each listing the
 * page in every offered language and, as x-default, in the network's default language.
 */
export function sitemapXml(loaded: LoadedNetwork, origin: string): string {
  const { config } = loaded.network;
  const address = (language: (typeof config.languages)[number], path: string) =>
    escapeXml(`${origin}${localizedPath(language, path, config)}`);
  const urls = publicPagePaths(loaded).flatMap((path) => {
    const alternates = [
      ...config.languages.map(
        (language) =>
          `    <xhtml:link rel="alternate" hreflang="${language}" href="${address(language, path)}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${address(config.defaultLanguage, path)}"/>`,
    ];
    return config.languages.map((language) =>
      ['  <url>', `    <loc>${address(language, path)}</loc>`, ...alternates, '  </url>'].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
