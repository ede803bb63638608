// Sanitises operator-supplied HTML (legal pages) down to harmless document markup. Node only.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    'b',
    'i',
    'blockquote',
    'address',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'section',
    'small',
    'abbr',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    abbr: ['title'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
  },
};

export function sanitizeTenantHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
