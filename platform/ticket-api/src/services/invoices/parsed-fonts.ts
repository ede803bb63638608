// Fonts parsed once for every PDF: pdfkit takes a font as bytes only and has fontkit parse them for
// each document (its tables, then its glyphs and shaping lookups again as text is laid out). Each
// font is parsed here once, and pdfkit is handed a short token in its place that a font format
// registered with fontkit (fontkit's own extension point) answers with the parsed font. A document
// still gets its own subset of the glyphs it uses, so the PDF is the same. The font's shaping of a
// word (fontkit's layout, most of a document's cost) is kept too: every invoice prints the same
// labels, and pdfkit asks for each word of a document again in every new document.
import { createRequire } from 'node:module';
import { keptValues } from './kept-values.ts';

/** The position of one glyph, as fontkit lays it out (pdfkit scales it in place). */
type GlyphPosition = Record<string, number>;
/** fontkit's GlyphRun: pdfkit reads its glyphs, its positions and the advanceWidth they sum to. */
type GlyphRun = { glyphs: unknown[]; positions: GlyphPosition[] };
type Layout = (text: string, ...options: unknown[]) => GlyphRun;

/** What this module needs of a fontkit font: pdfkit uses the rest. */
type ParsedFont = { postscriptName: string; layout: Layout };

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
  font.layout = keptLayouts(font.layout.bind(font));
  parsed.set(name, font);
  return Buffer.from(`${TOKEN_PREFIX}${name}`, 'latin1');
}

/** Shaped words kept per font. */
const KEPT_LAYOUTS = 20_000;

/**
 * `layout` answering a word shaped before with a copy of its run: pdfkit scales the positions of
 * the run it is given in place, so each caller gets positions of its own (the glyphs are only read).
 */
function keptLayouts(layout: Layout): Layout {
  const kept = keptValues<GlyphRun>(KEPT_LAYOUTS);
  return (text, ...options) => {
    const key = options.every((option) => option === undefined)
      ? text
      : `${JSON.stringify(options)}\u0000${text}`;
    return copyOfRun(kept.get(key, () => copyOfRun(layout(text, ...options))));
  };
}

/** The run with positions of its own, still a GlyphRun (its advanceWidth sums them). */
function copyOfRun(run: GlyphRun): GlyphRun {
  const positions = run.positions.map((position) => ({ ...position }));
  return Object.assign(Object.create(Object.getPrototypeOf(run)), run, { positions });
}
