// Text shaped by fontkit into clusters, each with the characters it stands for, so that a PDF can map
// every code it draws back to them (decision 0026). Shaping does not keep glyphs and characters one
// for one: a ligature draws several characters ("ffi"), and Noto Sans Arabic draws a letter as a
// dotless form and its dots or hamza (ي as ٮ and two dots), the dots standing for no character of
// their own. A cluster is one glyph, or a glyph with the glyphs that stand for nothing placed on it.
//
// fontkit knows which characters each glyph comes from while it shapes (its glyph infos), but hands
// back glyph objects it keeps one per glyph id across every run, each with the characters of the
// first run that asked for it: after "ت" the dotless form stands for ت everywhere, and "أمينة"
// read back as "أمتبة". The characters are therefore read from the glyph infos themselves, as the
// layout engine leaves them before it positions the glyphs.

/** What this module reads of a fontkit glyph. */
export type FontkitGlyph = { id: number; codePoints: number[]; advanceWidth: number };
type Position = { xAdvance: number; xOffset: number; yOffset: number };
type GlyphRun = { glyphs: FontkitGlyph[]; positions: Position[]; direction: 'ltr' | 'rtl' };
type GlyphInfo = { codePoints: number[] };
/** fontkit's OpenType layout engine, one per font: `glyphInfos` live from setup to cleanup. */
type LayoutEngine = { glyphInfos: GlyphInfo[] | null; position(run: GlyphRun): unknown };

/** What this module needs of a fontkit font. */
export type ShapingFont = {
  glyphForCodePoint(codePoint: number): FontkitGlyph;
  layout(glyphs: FontkitGlyph[], features?: string[] | Record<string, boolean>): GlyphRun;
  _layoutEngine: { engine: LayoutEngine | null };
};

/** A glyph of a cluster, placed from the cluster's origin (the pen where it starts), in font units. */
export type ClusterPart = { glyph: FontkitGlyph; dx: number; dy: number };

export type Cluster = {
  /** In drawing order; one glyph alone is at the origin (dx = dy = 0). */
  parts: ClusterPart[];
  /** The characters it stands for, in logical order. */
  codePoints: number[];
  /** Where the origin is drawn from the pen, and how far the pen then moves, in font units. */
  xOffset: number;
  yOffset: number;
  xAdvance: number;
};

/** A run of text shaped: its clusters in drawing order (left to right), in font units. */
export type ShapedClusters = { clusters: Cluster[]; advanceWidth: number };

const SOURCES = Symbol('the characters of each glyph');
type TracedRun = GlyphRun & { [SOURCES]?: number[][] };
const tracedEngines = new WeakSet<object>();

/**
 * Has the font's layout engine leave on each glyph run the characters of each glyph, in the run's
 * (drawing) order: read from the glyph infos once substitutions are done, before the engine
 * reverses a right-to-left run.
 */
function traceGlyphSources(font: ShapingFont): void {
  const engine = font._layoutEngine.engine;
  if (!engine || tracedEngines.has(engine)) return;
  tracedEngines.add(engine);
  const position = engine.position;
  engine.position = function (this: LayoutEngine, run: TracedRun) {
    const sources = (this.glyphInfos ?? []).map((info) => [...info.codePoints]);
    const positioned = position.call(this, run);
    run[SOURCES] = run.direction === 'rtl' ? sources.reverse() : sources;
    return positioned;
  };
}

/**
 * Shapes `text` (one direction, logical order) with `font`: the clusters as drawn, left to right.
 * Each character starts as its own glyph carrying that character (not the shared glyph object's).
 */
export function shapeClusters(
  font: ShapingFont,
  text: string,
  features?: string[] | Record<string, boolean>,
): ShapedClusters {
  traceGlyphSources(font);
  const glyphs = Array.from(text, (char) => {
    const codePoint = char.codePointAt(0) ?? 0;
    return Object.create(font.glyphForCodePoint(codePoint), {
      codePoints: { value: [codePoint] },
    }) as FontkitGlyph;
  });
  const run = font.layout(glyphs, features) as TracedRun;
  const count = run.glyphs.length;
  const sources = run[SOURCES] ?? run.glyphs.map((glyph) => glyph.codePoints);
  if (sources.length !== count) throw new Error('the shaped glyphs and their characters differ in number');

  // Glyphs that stand for no character join the glyph before them in logical order (the one a
  // decomposition started from), or the next one when nothing comes before.
  const logical = run.direction === 'rtl' ? (index: number) => count - 1 - index : (index: number) => index;
  const groups: number[][] = [];
  for (let step = 0; step < count; step++) {
    const index = logical(step);
    const last = groups.at(-1);
    const standsForNothing = (member: number) => (sources[member] ?? []).length === 0;
    if (last && (standsForNothing(index) || last.every(standsForNothing))) last.push(index);
    else groups.push([index]);
  }

  const pens: number[] = [];
  let pen = 0;
  for (const position of run.positions) {
    pens.push(pen);
    pen += position.xAdvance;
  }
  const clusters = groups
    .map((group) => {
      const drawn = [...group].sort((a, b) => a - b);
      const first = drawn[0] ?? 0;
      const position = (index: number) => run.positions[index] ?? { xAdvance: 0, xOffset: 0, yOffset: 0 };
      const xAdvance = drawn.reduce((sum, index) => sum + position(index).xAdvance, 0);
      const codePoints = group.flatMap((index) => sources[index] ?? []);
      // One glyph keeps its offsets; several are placed from the pen where the cluster starts.
      const cluster: Cluster =
        drawn.length === 1
          ? {
              parts: [{ glyph: run.glyphs[first] as FontkitGlyph, dx: 0, dy: 0 }],
              codePoints,
              xOffset: position(first).xOffset,
              yOffset: position(first).yOffset,
              xAdvance,
            }
          : {
              parts: drawn.map((index) => ({
                glyph: run.glyphs[index] as FontkitGlyph,
                dx: (pens[index] ?? 0) - (pens[first] ?? 0) + position(index).xOffset,
                dy: position(index).yOffset,
              })),
              codePoints,
              xOffset: 0,
              yOffset: 0,
              xAdvance,
            };
      return { first, cluster };
    })
    .sort((a, b) => a.first - b.first)
    .map(({ cluster }) => cluster);
  return { clusters, advanceWidth: pen };
}
