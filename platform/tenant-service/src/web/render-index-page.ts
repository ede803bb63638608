// Fills the web app's index.html for one network, locale and appearance (the service/web contract).
import { BOOTSTRAP_ELEMENT_ID, type Bootstrap } from '@transit-shop/tenancy';
import { HOST_LOGO_URL } from '../tenants/logo-url.ts';
import type { IndexTemplate } from './index-template.ts';
import { networkTokensCss } from './network-tokens-css.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** JSON inside a script element: no "<" at all, so no "</script>" or "<!--" can end it early. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function renderHtmlTag(bootstrap: Pick<Bootstrap, 'locale' | 'direction' | 'appearance'>): string {
  const scheme =
    bootstrap.appearance === 'LIGHT'
      ? ' data-color-scheme="light"'
      : bootstrap.appearance === 'DARK'
        ? ' data-color-scheme="dark"'
        : '';
  return `<html lang="${bootstrap.locale}" dir="${bootstrap.direction}"${scheme}>`;
}

function themeColorMetas(bootstrap: Bootstrap): string {
  const { light, dark } = bootstrap.theme.colorSchemes;
  if (bootstrap.appearance === 'LIGHT')
    return `<meta name="theme-color" content="${light.header.background}">`;
  if (bootstrap.appearance === 'DARK') return `<meta name="theme-color" content="${dark.header.background}">`;
  return (
    `<meta name="theme-color" content="${light.header.background}" media="(prefers-color-scheme: light)">\n` +
    `    <meta name="theme-color" content="${dark.header.background}" media="(prefers-color-scheme: dark)">`
  );
}

export function renderHead(bootstrap: Bootstrap): string {
  return [
    `<title>${escapeHtml(bootstrap.network.name)}</title>`,
    `<meta name="description" content="${escapeHtml(bootstrap.texts.tagline)}">`,
    `<link rel="icon" href="${HOST_LOGO_URL}">`,
    '<meta name="color-scheme" content="light dark">',
    themeColorMetas(bootstrap),
    `<style id="network-tokens">\n${networkTokensCss(bootstrap.theme)}\n</style>`,
    `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${jsonForScript(bootstrap)}</script>`,
  ].join('\n    ');
}

export function renderPrepaint(bootstrap: Bootstrap): string {
  return (
    `<header class="prepaint-header"><img src="${HOST_LOGO_URL}" alt="" width="40" height="40">` +
    `<span class="prepaint-name">${escapeHtml(bootstrap.network.name)}</span></header>`
  );
}

export function renderIndexPage(template: IndexTemplate, bootstrap: Bootstrap): string {
  return (
    template.beforeHtmlTag +
    renderHtmlTag(bootstrap) +
    template.beforeHead +
    renderHead(bootstrap) +
    template.beforePrepaint +
    renderPrepaint(bootstrap) +
    template.afterPrepaint
  );
}

/** Where the page carries the data it was rendered with; the browser hydrates when it is there. */
export const SERVER_DATA_ELEMENT_ID = 'server-data';

/**
 * A page rendered by the server (decision 0034): its markup in the root, its styles and data in
 * the head. The data element names the page (its path without the language prefix): the browser
 * hydrates only the page it asked for, never a page kept for another address (offline, the
 * service worker answers the last page it kept).
 */
export function renderServerPage(
  template: IndexTemplate,
  bootstrap: Bootstrap,
  page: { html: string; styles: string; data: unknown; path: string },
): string {
  return (
    template.beforeHtmlTag +
    renderHtmlTag(bootstrap) +
    template.beforeHead +
    renderHead(bootstrap) +
    `\n    ${page.styles}` +
    `\n    <script type="application/json" id="${SERVER_DATA_ELEMENT_ID}" data-page="${escapeHtml(page.path)}">${jsonForScript(page.data)}</script>` +
    template.beforePrepaint +
    page.html +
    template.afterPrepaint
  );
}
