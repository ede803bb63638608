// The demo networks' French texts keep French typography (sdk text/french-spacing.ts): their texts,
// the French entries of their files (messages, catalogue, vouchers, alerts) and their legal pages.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { frenchSpacingFaults } from '@transit-shop/sdk/text/french-spacing';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';

const tenantsDir = join(import.meta.dirname, '..', '..', '..', 'tenants');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every string of a value: all of it in a French file, else only what sits under an `fr` key. */
function frenchStrings(value: unknown, french: boolean): string[] {
  if (typeof value === 'string') return french ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((entry) => frenchStrings(entry, french));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, entry]) => frenchStrings(entry, french || key === 'fr'));
  return [];
}

/** The text a reader sees of an HTML page, entities decoded. */
function textOf(html: string): string[] {
  const texts: string[] = [];
  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    textFilter: (text) => {
      texts.push(text);
      return text;
    },
  });
  return texts;
}

describe("the demo networks' French texts", () => {
  it('put a no-break space before : ; ? ! (addresses, times and placeholders aside)', () => {
    const faults = filesUnder(tenantsDir).flatMap((file) => {
      const name = relative(tenantsDir, file);
      const texts = file.endsWith('.json')
        ? frenchStrings(JSON.parse(readFileSync(file, 'utf8')), /\/texts\/fr\.json$/.test(file))
        : file.endsWith('.html') && name.includes('/legal/fr/')
          ? textOf(readFileSync(file, 'utf8'))
          : [];
      return texts.flatMap((text) => frenchSpacingFaults(text).map((fault) => `${name}: ${fault}`));
    });
    expect(faults).toEqual([]);
  });
});
