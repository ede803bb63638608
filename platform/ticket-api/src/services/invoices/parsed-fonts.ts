// Fonts parsed once for every PDF: pdfkit takes a font as bytes only and has fontkit parse them for
// each document (its tables, then its glyphs and shaping lookups again as text is laid out). Each
// font is parsed here once, and pdfkit is handed a short token in its place that a font format
// registered with fontkit (fontkit's own extension point) answers with the parsed font. A document
// still gets its own subset of the glyphs it uses, so the PDF is the same. What fontkit works out
// from a font alone is kept for every document too: each glyph's decoded outline (and each run's
// shaping, pdfkit-clusters.ts).
import { createRequire } from 'node:module';

/** What this module needs of a fontkit font: pdfkit uses the rest. */
type ParsedFont = { postscriptName: string; getGlyph(id: number): object };

type Fontkit = {
  create(bytes: Uint8Array): ParsedFont;
  registerFormat(format: unknown): void;
};

// The fontkit instance pdfkit itself loads (a dependency of pdfkit's, not of this service's).
const fromPdfkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'));
const fontkit = fromPdfkit('fontkit') as Fontkit;

/** No font format starts so: fontkit asks each of its formats before this one. */
const TOKEN_PREFIX = 'parsed-font:';
const parsed = new Map<string, ParsedFont>();

const tokenName = (bytes: Uint8Array): string | undefined => {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return text.startsWith(TOKEN_PREFIX) ? text.slice(TOKEN_PREFIX.length) : undefined;
};

/** A "format" whose files are tokens: constructing it answers the font parsed before. */
class ParsedFontFormat {
  static probe(bytes: Uint8Array): boolean {
    const name = tokenName(bytes);
    return name !== undefined && parsed.has(name);
  }

  constructor(stream: { buffer: Uint8Array }) {
    const font = parsed.get(tokenName(stream.buffer) ?? '');
    if (!font) throw new Error('a parsed-font token names no parsed font');
    // biome-ignore lint/correctness/noConstructorReturn: the format hands back the font parsed once.
    return font;
  }
}
fontkit.registerFormat(ParsedFontFormat);

/**
 * Parses `bytes` (a TrueType or OpenType font) once under `name`, and answers the bytes to give
 * pdfkit (registerFont, font) for it in any document.
 */
export function parseFontOnce(name: string, bytes: Uint8Array): Buffer {
  const font = fontkit.create(bytes);
  keepDecodedGlyphs(Object.getPrototypeOf(font.getGlyph(0)));
  parsed.set(name, font);
  return Buffer.from(`${TOKEN_PREFIX}${name}`, 'latin1');
}

/** A fontkit glyph: `_decode` reads its outline from the font's glyf table. */
type GlyphInternals = { _decode(): unknown; _font: { _variationProcessor?: unknown } };
const decodedGlyphs = new WeakMap<object, unknown>();
const keptDecoders = new WeakSet<object>();

/**
 * Each glyph's outline decoded once: a document's font subset reads the outline of every glyph it
 * takes (to find a composite's parts), and every invoice takes the same glyphs. A font with
 * variations decodes them for its own coordinates each time, as before.
 */
function keepDecodedGlyphs(glyphPrototype: GlyphInternals): void {
  if (keptDecoders.has(glyphPrototype)) return;
  keptDecoders.add(glyphPrototype);
  const decode = glyphPrototype._decode;
  glyphPrototype._decode = function (this: GlyphInternals) {
    if (this._font._variationProcessor) return decode.call(this);
    if (!decodedGlyphs.has(this)) decodedGlyphs.set(this, decode.call(this));
    return decodedGlyphs.get(this);
  };
}
