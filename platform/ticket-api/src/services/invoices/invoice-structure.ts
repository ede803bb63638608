// The structure of a tagged invoice PDF (decision 0026), built as the layout's tagged texts are
// drawn: headings and paragraphs under the document, cells in their rows of their tables, header
// cells with their scope. A line of Arabic alone in an invoice in another language says its
// language; an element with Arabic text, drawn in visual order, gives its text in logical order as
// its ActualText, for assistive technologies.
import type PDFDocument from 'pdfkit';
import type { TextTag } from './invoice-layout.ts';

type Pdf = InstanceType<typeof PDFDocument>;
type StructElement = ReturnType<Pdf['struct']>;
const ARABIC_LETTERS = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;
const LATIN_LETTERS = /\p{Script=Latin}/u;

type Dictionary = { dictionary: { data: Record<string, unknown> } };

/**
 * The document's structure, its elements made as their first text is drawn (texts come in reading
 * order): a heading or paragraph under the document, a cell in its row of its table.
 */
export function structureOf(pdf: Pdf, locale: string) {
  const root = pdf.struct('Document');
  pdf.addStructure(root);
  const texts = new Map<StructElement, string[]>();
  const elements = new Map<number, StructElement>();
  const tables = new Map<number, StructElement>();
  const rows = new Map<number, StructElement>();
  const made = <K>(map: Map<K, StructElement>, key: K, make: () => StructElement) => {
    let element = map.get(key);
    if (!element) {
      element = make();
      map.set(key, element);
    }
    return element;
  };
  const child = (parent: StructElement, role: string, text: string) => {
    const arabic = ARABIC_LETTERS.test(text) && !LATIN_LETTERS.test(text);
    const lang = locale !== 'ar' && arabic ? { lang: 'ar' } : {};
    const element = pdf.struct(role, lang);
    parent.add(element);
    return element;
  };
  return {
    /** The element a text belongs to, and the tag of its marked content. */
    of(tag: Exclude<TextTag, { kind: 'artifact' }>, text: string): { element: StructElement; role: string } {
      const role = tag.kind === 'block' ? tag.role : tag.header ? 'TH' : 'TD';
      const element = made(elements, tag.id, () => {
        if (tag.kind === 'block') return child(root, tag.role, text);
        const table = made(tables, tag.table, () => child(root, 'Table', text));
        const cell = child(
          made(rows, tag.row, () => child(table, 'TR', text)),
          role,
          text,
        );
        if (tag.header)
          (cell as unknown as Dictionary).dictionary.data.A = {
            O: 'Table',
            Scope: tag.header === 'row' ? 'Row' : 'Column',
          };
        return cell;
      });
      texts.set(element, [...(texts.get(element) ?? []), text]);
      return { element, role };
    },
    end() {
      for (const [element, lines] of texts)
        if (lines.some((line) => ARABIC_LETTERS.test(line)))
          (element as unknown as Dictionary).dictionary.data.ActualText = new String(lines.join(' '));
      root.end();
    },
  };
}
