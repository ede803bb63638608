// Reads the network's bootstrap inlined by the tenant service, or asks the service for it (under
// `vite dev`, and for another language when the visitor switches). The service validates what it
// inlines, so the first paint reads it without a schema library
// (docs/decisions/0005-web-first-paint-budget.md); bootstrapSchema checks it after the first
// paint, and checks every fetched one before use.
import { directionOf, type Locale } from '@transit-shop/sdk/locales';
import type { Bootstrap } from '@transit-shop/tenancy';
import { BOOTSTRAP_ELEMENT_ID } from '@transit-shop/tenancy/bootstrap-constants';
import { splitLocale } from '../config/paths.ts';
import type { BootstrapStore } from './bootstrap-context.tsx';

const loadSchema = async () => (await import('@transit-shop/tenancy/bootstrap.schema')).bootstrapSchema;

/** The bootstrap as the page carries it, or null when the page has none (vite dev). */
export function readInlineBootstrap(doc: Document = document): unknown {
  const element = doc.getElementById(BOOTSTRAP_ELEMENT_ID);
  return element?.textContent ? JSON.parse(element.textContent) : null;
}

/** The bootstrap of this network in a language, from the tenant service, checked. */
export async function fetchBootstrap(locale: Locale): Promise<Bootstrap> {
  const response = await fetch(`/bootstrap.json?locale=${locale}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`bootstrap answered ${response.status}`);
  const [schema, body] = await Promise.all([loadSchema(), response.json()]);
  return schema.parse(body);
}

export async function loadBootstrap(): Promise<{ bootstrap: Bootstrap; checked: boolean }> {
  const inline = readInlineBootstrap();
  if (inline) return { bootstrap: inline as Bootstrap, checked: false };
  return { bootstrap: await fetchBootstrap(splitLocale(location.pathname).locale), checked: true };
}

/**
 * Checks an inlined bootstrap against the schema once the page is up: a service and a web build
 * that disagree on the contract are reported instead of failing somewhere later.
 */
export async function checkBootstrapLater(
  bootstrap: unknown,
  report: (message: string) => void = (message) => console.warn(message),
): Promise<boolean> {
  const result = (await loadSchema()).safeParse(bootstrap);
  if (!result.success) {
    report(
      `bootstrap does not match bootstrapSchema: ${result.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')}`,
    );
  }
  return result.success;
}

const fetchedLanguages = new WeakMap<BootstrapStore, Map<Locale, Bootstrap>>();

/**
 * The bootstrap in another language (the network's texts and legacy configuration in it),
 * fetched once per language and page. The build id stays the page's: the build watch compares
 * the manifest with the code that runs. Without an answer the current texts stay.
 */
export async function bootstrapInLocale(
  store: BootstrapStore,
  locale: Locale,
  fetchIn: (locale: Locale) => Promise<Bootstrap> = fetchBootstrap,
): Promise<Bootstrap> {
  const current = store.get();
  let known = fetchedLanguages.get(store);
  if (!known) {
    known = new Map([[current.locale, current]]);
    fetchedLanguages.set(store, known);
  }
  const cached = known.get(locale);
  if (cached) return cached;
  try {
    const fetched = { ...(await fetchIn(locale)), buildId: current.buildId };
    known.set(locale, fetched);
    return fetched;
  } catch (error) {
    console.warn(`no bootstrap in ${locale}, keeping the ${current.locale} texts`, error);
    return { ...current, locale, direction: directionOf(locale) };
  }
}
