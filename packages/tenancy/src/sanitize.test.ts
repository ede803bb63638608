import { describe, expect, it } from 'vitest';
import { sanitizeTenantHtml } from './sanitize.ts';

describe('sanitising tenant HTML', () => {
  it('keeps headings, paragraphs, lists, tables, emphasis and safe links', () => {
    const html =
      '<h2>Titre</h2><p><strong>Gras</strong> et <em>italique</em></p><ul><li>Un</li></ul>' +
      '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>' +
      '<p><a href="https://example.org/cgv">CGV</a> <a href="mailto:contact@example.org">Écrire</a></p>';
    expect(sanitizeTenantHtml(html)).toBe(
      '<h2>Titre</h2><p><strong>Gras</strong> et <em>italique</em></p><ul><li>Un</li></ul>' +
        '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>' +
        '<p><a href="https://example.org/cgv" rel="noopener noreferrer">CGV</a> ' +
        '<a href="mailto:contact@example.org" rel="noopener noreferrer">Écrire</a></p>',
    );
  });

  it('removes scripts, styles, event handlers, iframes and javascript: links', () => {
    const clean = sanitizeTenantHtml(
      '<script>steal()</script><style>p{}</style><p style="color:red" onmouseover="x()">Texte</p>' +
        '<iframe src="https://evil.example"></iframe><img src="x" onerror="x()">' +
        '<a href="javascript:alert(1)">a</a><a href="//evil.example">b</a><a href="data:text/html,x">c</a>',
    );
    expect(clean).toBe(
      '<p>Texte</p><a rel="noopener noreferrer">a</a><a rel="noopener noreferrer">b</a><a rel="noopener noreferrer">c</a>',
    );
  });
});
