import { describe, expect, it, vi } from 'vitest';
import { fixtureBootstrap } from '../test/fixtures/bootstrap.ts';
import { checkBootstrapLater, readInlineBootstrap } from './bootstrap.ts';

describe('bootstrap', () => {
  it('reads the JSON block the tenant service inlines', () => {
    const doc = document.implementation.createHTMLDocument();
    doc.body.innerHTML = `<script type="application/json" id="network-bootstrap">${JSON.stringify(
      fixtureBootstrap(),
    ).replace(/</g, '\\u003c')}</script>`;
    expect(readInlineBootstrap(doc)).toEqual(fixtureBootstrap());
    expect(readInlineBootstrap(document.implementation.createHTMLDocument())).toBeNull();
  });

  it('accepts a bootstrap that matches bootstrapSchema and reports one that does not', async () => {
    const report = vi.fn();
    expect(await checkBootstrapLater(fixtureBootstrap(), report)).toBe(true);
    expect(report).not.toHaveBeenCalled();
    const broken = { ...fixtureBootstrap(), locale: 'de' };
    expect(await checkBootstrapLater(broken, report)).toBe(false);
    expect(report).toHaveBeenCalledWith(expect.stringContaining('locale'));
  });
});
