// pdfkit's embedded fonts drawing text as shaped clusters (glyph-clusters.ts), one code for each
// cluster and the characters it stands for, so that the font's ToUnicode CMap, which every text
// extractor reads, gives back the text as written (decision 0026):
// - a cluster of several glyphs (a letter and its dots) is drawn as one composite glyph added to
//   the document's font subset, its parts placed as shaping placed them: one code, its letter;
// - a glyph drawn for other characters than the first it stood for in the document (the same
//   glyph for two characters) is drawn as another code, a composite of that glyph alone.
// A run is shaped whole rather than word by word, so that a right-to-left run of several words is
// laid out right to left as a whole; each run's shaping is kept for every document (most of a
// document's cost: every invoice prints the same labels).
import {
  type Cluster,
  type ClusterPart,
  type FontkitGlyph,
  type ShapedClusters,
  type ShapingFont,
  shapeClusters,
} from './glyph-clusters.ts';
import { type KeptValues, keptValues } from './kept-values.ts';

type Features = string[] | Record<string, boolean>;
type Position = {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
};

/** A composite glyph of a document's subset: its parts (font glyphs) and its advance, in font units. */
class CompositeGlyph {
  constructor(
    readonly parts: readonly ClusterPart[],
    readonly advance: number,
  ) {}
}

/** What this module reads and writes of fontkit's TrueType subset (one per document font). */
type Subset = {
  font: { getGlyph(id: number): FontkitGlyph };
  glyphs: (number | CompositeGlyph)[];
  includeGlyph(id: number): number;
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  _addGlyph(glyph: number | CompositeGlyph): number;
};

/** What this module reads and writes of pdfkit's embedded font (one per document and font). */
type PdfkitFont = {
  font: ShapingFont;
  subset: Subset;
  /** 1000 / units per em. */
  scale: number;
  /** By code: the characters it stands for (the ToUnicode CMap) and its width in 1/1000 em. */
  unicode: number[][];
  widths: number[];
  layout(text: string, features?: Features, onlyWidth?: boolean): unknown;
  encode(text: string, features?: Features): [string[], Position[]];
};

/** fontkit's decoded TrueType glyph: its box, and its components when composite. */
type DecodedGlyph = {
  numberOfContours: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  components?: {
    glyphID: number;
    dx: number;
    dy: number;
    scaleX: number;
    scaleY: number;
    scale01: number;
    scale10: number;
  }[];
} | null;
const decoded = (glyph: FontkitGlyph) => (glyph as unknown as { _decode(): DecodedGlyph })._decode();

/** Shaped runs kept per parsed font, for every document. */
const KEPT_RUNS = 20_000;
const runsOfFonts = new WeakMap<object, KeptValues<ShapedClusters>>();

function shapedRun(font: PdfkitFont, text: string, features: Features | undefined): ShapedClusters {
  let runs = runsOfFonts.get(font.font);
  if (!runs) {
    runs = keptValues<ShapedClusters>(KEPT_RUNS);
    runsOfFonts.set(font.font, runs);
  }
  const key = features ? `${text}\u0000${JSON.stringify(features)}` : text;
  return runs.get(key, () => shapeClusters(font.font, text, features));
}

/** The composite codes of each document font, by their characters and parts. */
const compositeCodes = new WeakMap<PdfkitFont, Map<string, number>>();

const sameCodePoints = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** The code of a cluster in a document's font, taken from its subset the first time. */
function codeOf(font: PdfkitFont, cluster: Cluster): number {
  const [single, ...others] = cluster.parts;
  if (single && others.length === 0) {
    const code = font.subset.includeGlyph(single.glyph.id);
    const kept = font.unicode[code];
    if (kept == null) {
      font.unicode[code] = cluster.codePoints;
      font.widths[code] = single.glyph.advanceWidth * font.scale;
      return code;
    }
    if (sameCodePoints(kept, cluster.codePoints)) return code;
  }
  let codes = compositeCodes.get(font);
  if (!codes) {
    codes = new Map();
    compositeCodes.set(font, codes);
  }
  const key = `${cluster.codePoints.join(',')}|${cluster.parts
    .map((part) => `${part.glyph.id}@${part.dx},${part.dy}`)
    .join(';')}`;
  const found = codes.get(key);
  if (found !== undefined) return found;
  const code = font.subset.glyphs.push(new CompositeGlyph(cluster.parts, cluster.xAdvance)) - 1;
  font.unicode[code] = cluster.codePoints;
  font.widths[code] = cluster.xAdvance * font.scale;
  codes.set(key, code);
  return code;
}

const scaled = (cluster: Cluster, scale: number, advanceWidth: number): Position => ({
  xAdvance: cluster.xAdvance * scale,
  yAdvance: 0,
  xOffset: cluster.xOffset * scale,
  yOffset: cluster.yOffset * scale,
  advanceWidth,
});

// TrueType composite glyph flags (OpenType 'glyf' table).
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const ARGS_ARE_XY_VALUES = 0x0002;
const MORE_COMPONENTS = 0x0020;

type Component = { glyph: FontkitGlyph; dx: number; dy: number; box: NonNullable<DecodedGlyph> };

/**
 * The glyphs with an outline a part is drawn with, placed: a composite part is replaced by its own
 * components when they are only moved (not scaled), so that a cluster's glyph nests no deeper than
 * the font's own composites do.
 */
function componentsOf(subset: Subset, part: ClusterPart): Component[] {
  const glyph = decoded(part.glyph);
  if (!glyph) return [];
  const parts = glyph.components;
  if (
    glyph.numberOfContours < 0 &&
    parts?.every((c) => c.scaleX === 1 && c.scaleY === 1 && c.scale01 === 0 && c.scale10 === 0)
  ) {
    return parts.flatMap((component) =>
      componentsOf(subset, {
        glyph: subset.font.getGlyph(component.glyphID),
        dx: part.dx + component.dx,
        dy: part.dy + component.dy,
      }),
    );
  }
  return [{ glyph: part.glyph, dx: Math.round(part.dx), dy: Math.round(part.dy), box: glyph }];
}

/** The 'glyf' data of a composite glyph, and its left side bearing. */
function compositeData(subset: Subset, composite: CompositeGlyph): { data: Uint8Array; xMin: number } {
  const components = composite.parts.flatMap((part) => componentsOf(subset, part));
  // Nothing to draw (spaces): an empty glyph.
  if (components.length === 0) return { data: new Uint8Array(0), xMin: 0 };
  const data = new Uint8Array(10 + 8 * components.length);
  const view = new DataView(data.buffer);
  view.setInt16(0, -1);
  view.setInt16(2, Math.min(...components.map((c) => c.box.xMin + c.dx)));
  view.setInt16(4, Math.min(...components.map((c) => c.box.yMin + c.dy)));
  view.setInt16(6, Math.max(...components.map((c) => c.box.xMax + c.dx)));
  view.setInt16(8, Math.max(...components.map((c) => c.box.yMax + c.dy)));
  components.forEach((component, index) => {
    const at = 10 + 8 * index;
    const more = index < components.length - 1 ? MORE_COMPONENTS : 0;
    view.setUint16(at, ARG_1_AND_2_ARE_WORDS | ARGS_ARE_XY_VALUES | more);
    view.setUint16(at + 2, subset.includeGlyph(component.glyph.id));
    view.setInt16(at + 4, component.dx);
    view.setInt16(at + 6, component.dy);
  });
  return { data, xMin: view.getInt16(2) };
}

const patchedFonts = new WeakSet<object>();
const patchedSubsets = new WeakSet<object>();

/**
 * Has pdfkit's embedded fonts (the prototype of a document's font) and fontkit's TrueType subsets
 * (the prototype of that font's subset) draw shaped clusters. Only fonts with TrueType outlines.
 */
export function drawClusters(pdfkitFont: object): void {
  const font = pdfkitFont as PdfkitFont;
  const fontPrototype = Object.getPrototypeOf(font) as PdfkitFont;
  const subsetPrototype = Object.getPrototypeOf(font.subset) as Subset;
  if (!patchedSubsets.has(subsetPrototype)) {
    if (typeof subsetPrototype._addGlyph !== 'function')
      throw new Error('invoice fonts must have TrueType outlines (a glyf table)');
    patchedSubsets.add(subsetPrototype);
    const addGlyph = subsetPrototype._addGlyph;
    subsetPrototype._addGlyph = function (this: Subset, glyph: number | CompositeGlyph) {
      if (!(glyph instanceof CompositeGlyph)) return addGlyph.call(this, glyph);
      const { data, xMin } = compositeData(this, glyph);
      this.glyf.push(data);
      this.loca.offsets.push(this.offset);
      this.hmtx.metrics.push({ advance: Math.round(glyph.advance), bearing: xMin });
      this.offset += data.length;
      return this.glyf.length - 1;
    };
  }
  if (patchedFonts.has(fontPrototype)) return;
  patchedFonts.add(fontPrototype);
  fontPrototype.layout = function (this: PdfkitFont, text, features, onlyWidth) {
    const run = shapedRun(this, text, features);
    const advanceWidth = run.advanceWidth * this.scale;
    if (onlyWidth) return { glyphs: null, positions: null, advanceWidth };
    return {
      glyphs: run.clusters.map((cluster) => cluster.parts[0]?.glyph),
      positions: run.clusters.map((cluster) => scaled(cluster, this.scale, cluster.xAdvance * this.scale)),
      advanceWidth,
    };
  };
  fontPrototype.encode = function (this: PdfkitFont, text, features) {
    const codes: string[] = [];
    const positions: Position[] = [];
    for (const cluster of shapedRun(this, text, features).clusters) {
      const code = codeOf(this, cluster);
      codes.push(code.toString(16).padStart(4, '0'));
      positions.push(scaled(cluster, this.scale, this.widths[code] ?? 0));
    }
    return [codes, positions];
  };
}
