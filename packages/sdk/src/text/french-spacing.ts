// French typography: a colon, semicolon, question or exclamation mark takes a no-break space
// before it ("Ticket 1 voyage : 1,90 €"), narrow (U+202F) or full (U+00A0), so the mark never
// starts a line. One rule for every French text the platform writes: the web's messages, the
// networks' texts, emails and PDFs (whose font has no narrow one: they use U+00A0).

/** The spaces that may stand before the marks. */
export const FRENCH_SPACES = ['\u202f', '\u00a0'] as const;

const MARKS = new Set([':', ';', '?', '!']);

/**
 * Where the marks are not French punctuation: addresses (https://…?a=b), times and ratios
 * (18:00), placeholders ({{amount}}, {network}), i18next nesting ($t(key)).
 */
const EXEMPT = /\b(?:https?|mailto):[^\s"'<>]*|\d:\d|\{\{[^}]*\}\}|\{[A-Za-z][\w.]*\}|\$t\([^)]*\)/g;

/**
 * The marks of a French text not preceded by a no-break space, each with the words before it
 * (empty: the text keeps the rule). A mark following another ("?!") or starting the text is left.
 */
export function frenchSpacingFaults(text: string): string[] {
  const exempt = new Set<number>();
  for (const match of text.matchAll(EXEMPT))
    for (let index = match.index; index < match.index + match[0].length; index += 1) exempt.add(index);
  const faults: string[] = [];
  for (let index = 1; index < text.length; index += 1) {
    const mark = text[index] ?? '';
    if (!MARKS.has(mark) || exempt.has(index)) continue;
    const before = text[index - 1] ?? '';
    if ((FRENCH_SPACES as readonly string[]).includes(before) || MARKS.has(before)) continue;
    faults.push(text.slice(Math.max(0, index - 20), index + 1));
  }
  return faults;
}
