// Enough of the Unicode bidirectional algorithm (UAX #9) for the one-line texts of an invoice: the
// weak rules for numbers (W4, W5, W7), paired brackets (N0, simplified), neutrals (N1, N2), the
// levels and their reordering (L2) and mirrored brackets (L4). Arabic letters, and the spaces between
// Arabic words, go to the Noto Sans Arabic font, whose shaping (fontkit) joins them and lays each
// run right to left itself, so an Arabic run is handed over in logical order; everything else goes
// to Noto Sans.

export type Direction = 'ltr' | 'rtl';
export type TextRun = { text: string; arabic: boolean };

const ARABIC_LETTER =
  /[\u0620-\u064A\u066E-\u06D3\u06D5\u06FA-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const ARABIC_FONT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const BIDI_CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;
/** Spaces the Arabic font draws too. */
const SPACE = /[ \u00A0]/;

/** Text as the fonts draw it: without bidi controls, thin and narrow spaces as no-break spaces. */
export const printable = (text: string) =>
  text.replace(BIDI_CONTROLS, '').replace(/[\u2009\u202F]/g, '\u00A0');

type Type = 'L' | 'R' | 'EN' | 'CS' | 'ET' | 'ON';

function typeOf(char: string): Type {
  if (ARABIC_LETTER.test(char)) return 'R';
  if (/[0-9]/.test(char)) return 'EN';
  if (/[,.:/\u00A0\u060C]/.test(char)) return 'CS';
  if (/[%#+°\p{Sc}]/u.test(char)) return 'ET';
  if (/\p{L}/u.test(char)) return 'L';
  return 'ON';
}

const OPENING: Record<string, string> = { '(': ')', '[': ']', '«': '»' };
const MIRRORED: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '«': '»',
  '»': '«',
  '<': '>',
  '>': '<',
};

/** The runs of one line in visual order, left to right on the page. */
export function visualRuns(line: string, paragraph: Direction): TextRun[] {
  const text = printable(line);
  // Left to right without a character of the Arabic font: every level is 0, so one run as written.
  if (paragraph === 'ltr' && !ARABIC_FONT.test(text)) return text === '' ? [] : [{ text, arabic: false }];
  const chars = [...text];
  const embedding: 'L' | 'R' = paragraph === 'rtl' ? 'R' : 'L';
  const types = chars.map(typeOf);
  const n = types.length;
  // W4: one separator between two numbers is part of them; W5: % and currency signs next to a number too.
  for (let i = 1; i < n - 1; i++)
    if (types[i] === 'CS' && types[i - 1] === 'EN' && types[i + 1] === 'EN') types[i] = 'EN';
  for (let i = 0; i < n; i++) {
    if (types[i] !== 'ET') continue;
    let end = i;
    while (end < n && types[end] === 'ET') end++;
    if (types[i - 1] === 'EN' || types[end] === 'EN') for (let j = i; j < end; j++) types[j] = 'EN';
    i = end - 1;
  }
  // W6, W7: other separators are neutral; a number after Latin letters is Latin.
  let strong: 'L' | 'R' = embedding;
  for (let i = 0; i < n; i++) {
    const type = types[i];
    if (type === 'CS' || type === 'ET') types[i] = 'ON';
    else if (type === 'L' || type === 'R') strong = type;
    else if (type === 'EN' && strong === 'L') types[i] = 'L';
  }
  const direction = (type: Type | undefined): 'L' | 'R' | null =>
    type === 'L' ? 'L' : type === 'R' || type === 'EN' ? 'R' : null;
  // N0: a bracket pair takes the embedding direction when it holds it, else the direction it holds
  // when the text before agrees, else the embedding direction.
  const stack: { char: string; index: number }[] = [];
  chars.forEach((char, index) => {
    if (OPENING[char]) stack.push({ char, index });
    else {
      const open = stack.findLastIndex((entry) => OPENING[entry.char] === char);
      if (open < 0) return;
      const opening = stack[open]?.index ?? 0;
      stack.length = open;
      const inside = new Set(
        types
          .slice(opening + 1, index)
          .map(direction)
          .filter(Boolean),
      );
      let resolved: 'L' | 'R' | null = null;
      if (inside.has(embedding)) resolved = embedding;
      else if (inside.size > 0) {
        const opposite = embedding === 'L' ? 'R' : 'L';
        let before: 'L' | 'R' = embedding;
        for (let i = opening - 1; i >= 0; i--) {
          const found = direction(types[i]);
          if (found) {
            before = found;
            break;
          }
        }
        resolved = before === opposite ? opposite : embedding;
      }
      if (resolved) types[opening] = types[index] = resolved;
    }
  });
  // N1, N2: neutrals between two of the same direction take it, others the embedding direction.
  const resolved: ('L' | 'R' | 'EN')[] = types.map((type, index) => {
    if (type === 'L' || type === 'R' || type === 'EN') return type;
    let before: 'L' | 'R' = embedding;
    for (let i = index - 1; i >= 0; i--) {
      const found = direction(types[i]);
      if (found) {
        before = found;
        break;
      }
    }
    let after: 'L' | 'R' = embedding;
    for (let i = index + 1; i < n; i++) {
      const found = direction(types[i]);
      if (found) {
        after = found;
        break;
      }
    }
    return before === after ? before : embedding;
  });
  // Levels (I1, I2), then L2: reverse every run at or above each level, from the highest down.
  const levels = resolved.map((type) =>
    embedding === 'L' ? (type === 'L' ? 0 : type === 'R' ? 1 : 2) : type === 'R' ? 1 : 2,
  );
  const order = chars.map((_, index) => index);
  for (let level = Math.max(0, ...levels); level >= 1; level--) {
    for (let i = 0; i < n; i++) {
      if ((levels[order[i] ?? 0] ?? 0) < level) continue;
      let end = i;
      while (end < n && (levels[order[end] ?? 0] ?? 0) >= level) end++;
      const reversed = order.slice(i, end).reverse();
      order.splice(i, end - i, ...reversed);
      i = end;
    }
  }
  // L4, then runs by font; an Arabic run back in logical order for the shaper, which reverses it.
  // Spaces between Arabic words of one level go with them: one run for a phrase, which a text
  // extractor then reads back whole.
  const arabicFont = order.map((index) => ARABIC_FONT.test(chars[index] ?? ''));
  const level = (at: number) => levels[order[at] ?? 0] ?? 0;
  for (let at = 0; at < n; at++) {
    if (arabicFont[at] || !SPACE.test(chars[order[at] ?? 0] ?? '')) continue;
    let end = at;
    while (end < n && !arabicFont[end] && SPACE.test(chars[order[end] ?? 0] ?? '')) end++;
    const between = at > 0 && end < n && arabicFont[at - 1] && arabicFont[end];
    const sameLevel = Array.from({ length: end - at + 2 }, (_, k) => level(at - 1 + k)).every(
      (value) => value === level(at),
    );
    if (between && sameLevel && level(at) % 2 === 1) arabicFont.fill(true, at, end);
    at = end - 1;
  }
  const runs: TextRun[] = [];
  order.forEach((index, at) => {
    const char = chars[index] ?? '';
    const shown = (levels[index] ?? 0) % 2 === 1 ? (MIRRORED[char] ?? char) : char;
    const arabic = arabicFont[at] ?? false;
    const last = runs.at(-1);
    if (last && last.arabic === arabic) last.text += shown;
    else runs.push({ text: shown, arabic });
  });
  return runs.map((run) => (run.arabic ? { text: [...run.text].reverse().join(''), arabic: true } : run));
}
