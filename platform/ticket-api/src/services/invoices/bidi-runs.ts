// The runs of an invoice's one-line texts in visual order, by the Unicode bidirectional algorithm
// (UAX #9, bidi-js): its embedding levels, the reordering of those levels (L2) and mirrored
// characters (L4). Arabic letters, and the spaces between Arabic words, go to the Noto Sans Arabic
// font, whose shaping (fontkit) joins them and lays each run right to left itself, so an Arabic run
// is handed over in logical order; everything else goes to Noto Sans.
import bidiFactory from 'bidi-js';

export type Direction = 'ltr' | 'rtl';
export type TextRun = { text: string; arabic: boolean };

const bidi = bidiFactory();

const ARABIC_FONT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const BIDI_CONTROL = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, 'g');
const THIN_SPACES = /[\u2009\u202F]/g;
/** Spaces the Arabic font draws too. */
const SPACE = /[ \u00A0]/;

/** Text as the fonts draw it: without bidi controls, thin and narrow spaces as no-break spaces. */
export const printable = (text: string) => text.replace(BIDI_CONTROLS, '').replace(THIN_SPACES, '\u00A0');

/** The string's indices in visual order: each segment bidi-js gives is reversed in turn (L2). */
function visualOrder(line: string, levels: ReturnType<typeof bidi.getEmbeddingLevels>): number[] {
  const order = Array.from({ length: line.length }, (_, index) => index);
  for (const [start = 0, end = 0] of bidi.getReorderSegments(line, levels)) {
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
  }
  // A character outside the Basic Multilingual Plane keeps its two code units in order.
  for (let at = 0; at < order.length - 1; at++) {
    const low = order[at] ?? 0;
    if (order[at + 1] === low - 1 && /[\uDC00-\uDFFF]/.test(line[low] ?? '')) {
      order[at] = low - 1;
      order[at + 1] = low;
    }
  }
  return order;
}

/** The runs of one line in visual order, left to right on the page. */
export function visualRuns(line: string, paragraph: Direction): TextRun[] {
  // Left to right without a character of the Arabic font: every level is 0, so one run as written.
  if (paragraph === 'ltr' && !ARABIC_FONT.test(line)) {
    const text = printable(line);
    return text === '' ? [] : [{ text, arabic: false }];
  }
  const embedding = bidi.getEmbeddingLevels(line, paragraph);
  const mirrored = bidi.getMirroredCharactersMap(line, embedding.levels);
  // The controls have done their work: the fonts draw no glyph for them.
  const order = visualOrder(line, embedding).filter((index) => !BIDI_CONTROL.test(line[index] ?? ''));
  const n = order.length;
  const charAt = (at: number) => line[order[at] ?? 0] ?? '';
  const level = (at: number) => embedding.levels[order[at] ?? 0] ?? 0;
  // Runs by font; spaces between Arabic words of one level go with them: one run for a phrase,
  // which a text extractor then reads back whole.
  const arabicFont = order.map((index) => ARABIC_FONT.test(line[index] ?? ''));
  for (let at = 0; at < n; at++) {
    if (arabicFont[at] || !SPACE.test(charAt(at))) continue;
    let end = at;
    while (end < n && !arabicFont[end] && SPACE.test(charAt(end))) end++;
    const between = at > 0 && end < n && arabicFont[at - 1] && arabicFont[end];
    const sameLevel = Array.from({ length: end - at + 2 }, (_, k) => level(at - 1 + k)).every(
      (value) => value === level(at),
    );
    if (between && sameLevel && level(at) % 2 === 1) arabicFont.fill(true, at, end);
    at = end - 1;
  }
  const runs: TextRun[] = [];
  order.forEach((index, at) => {
    const shown = printable(mirrored.get(index) ?? line[index] ?? '');
    const arabic = arabicFont[at] ?? false;
    const last = runs.at(-1);
    if (last && last.arabic === arabic) last.text += shown;
    else runs.push({ text: shown, arabic });
  });
  // An Arabic run back in logical order for the shaper, which reverses it.
  return runs.map((run) => (run.arabic ? { text: [...run.text].reverse().join(''), arabic: true } : run));
}
