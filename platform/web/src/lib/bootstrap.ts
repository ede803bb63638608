// Reads the network's bootstrap inlined by the tenant service (or asks for it under `vite dev`).
// The tenant service validates it against bootstrapSchema when it renders the page, so the first
// paint does not carry a schema library (docs/decisions/0005-web-first-paint-budget.md).
import type { Bootstrap } from '@transit-shop/tenancy';
import { BOOTSTRAP_ELEMENT_ID } from '@transit-shop/tenancy/bootstrap-constants';
import { splitLocale } from '../config/paths.ts';

export async function loadBootstrap(): Promise<Bootstrap> {
  const element = document.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (element?.textContent) return JSON.parse(element.textContent) as Bootstrap;
  const { locale } = splitLocale(location.pathname);
  const response = await fetch(`/bootstrap.json?locale=${locale}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`bootstrap answered ${response.status}`);
  return (await response.json()) as Bootstrap;
}
