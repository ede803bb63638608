// Reads what the service inlined in a page: the bootstrap block and a few head elements.
import { type Bootstrap, bootstrapSchema } from '@transit-shop/tenancy';

export function bootstrapOf(html: string): Bootstrap {
  const match = /<script type="application\/json" id="network-bootstrap">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no bootstrap block in the page');
  return bootstrapSchema.parse(JSON.parse(match[1]));
}

export function htmlTagOf(html: string): string {
  return /<html\b[^>]*>/.exec(html)?.[0] ?? '';
}

export function themeColorsOf(html: string): string[] {
  return [...html.matchAll(/<meta name="theme-color"[^>]*>/g)].map((match) => match[0]);
}
