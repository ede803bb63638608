// A PDF as pdf.js (Firefox's reader, a kept extractor) reads it: the text of every page, in the
// order it reads it, and what makes it tagged (its marks, language, title and structure tree, each
// element with the text of its marked content).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

type Loaded = Awaited<ReturnType<typeof getDocument>['promise']>;

async function withPdf<T>(pdf: Uint8Array, read: (loaded: Loaded) => Promise<T>): Promise<T> {
  const loaded = await getDocument({ data: pdf.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    return await read(loaded);
  } finally {
    await loaded.destroy();
  }
}

/** Each piece of text on every page, no-break spaces and all. */
export function extractedTexts(pdf: Uint8Array): Promise<string[]> {
  return withPdf(pdf, async (loaded) => {
    const texts: string[] = [];
    for (let number = 1; number <= loaded.numPages; number++) {
      const content = await (await loaded.getPage(number)).getTextContent();
      for (const item of content.items) if ('str' in item && item.str.trim() !== '') texts.push(item.str);
    }
    return texts;
  });
}

/** A structure element: its role, language and ActualText, its own text and its elements. */
export type StructureNode = {
  role: string;
  lang?: string;
  actualText?: string;
  /** The texts of its marked content, in reading order. */
  texts: string[];
  children: StructureNode[];
};

export type TaggedPage = {
  /** The page's structure from the root (role "Root"). */
  structure: StructureNode;
  /** The texts marked as artifacts (repeated for the page, not part of the structure). */
  artifacts: string[];
  /** The texts in no marked content at all. */
  unmarked: string[];
};

export type Tagged = {
  marked: boolean;
  language: string | undefined;
  title: string | undefined;
  displayDocTitle: boolean;
  pages: TaggedPage[];
};

type RawNode = {
  role?: string;
  lang?: string;
  alt?: string;
  type?: string;
  id?: string;
  children?: RawNode[];
};
type ContentItem = { type?: string; id?: string | null; tag?: string | null; str?: string };

export function readTagged(pdf: Uint8Array): Promise<Tagged> {
  return withPdf(pdf, async (loaded) => {
    const { info } = (await loaded.getMetadata()) as unknown as { info: Record<string, unknown> };
    const preferences = (await loaded.getViewerPreferences()) as Record<string, unknown> | null;
    const pages: TaggedPage[] = [];
    for (let number = 1; number <= loaded.numPages; number++) {
      const page = await loaded.getPage(number);
      const content = await page.getTextContent({ includeMarkedContent: true });
      const byContent = new Map<string, string[]>();
      const artifacts: string[] = [];
      const unmarked: string[] = [];
      const open: { id: string | null; artifact: boolean }[] = [];
      for (const item of content.items as ContentItem[]) {
        if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent')
          open.push({ id: item.id ?? null, artifact: item.tag === 'Artifact' });
        else if (item.type === 'endMarkedContent') open.pop();
        else if (item.str?.trim()) {
          const mark = open.at(-1);
          if (!mark) unmarked.push(item.str);
          else if (mark.artifact) artifacts.push(item.str);
          else if (mark.id) byContent.set(mark.id, [...(byContent.get(mark.id) ?? []), item.str]);
        }
      }
      const node = (raw: RawNode): StructureNode => ({
        role: raw.role ?? '',
        ...(raw.lang ? { lang: raw.lang } : {}),
        ...(raw.alt ? { actualText: raw.alt } : {}),
        texts: (raw.children ?? []).flatMap((kid) =>
          kid.type === 'content' && kid.id ? (byContent.get(kid.id) ?? []) : [],
        ),
        children: (raw.children ?? []).filter((kid) => kid.role).map(node),
      });
      pages.push({ structure: node((await page.getStructTree()) as RawNode), artifacts, unmarked });
    }
    return {
      marked: (await loaded.getMarkInfo())?.Marked === true,
      language: typeof info.Language === 'string' ? info.Language : undefined,
      title: typeof info.Title === 'string' ? info.Title : undefined,
      displayDocTitle: preferences?.DisplayDocTitle === true,
      pages,
    };
  });
}

/** Every element of a structure, depth first. */
export const elementsOf = (node: StructureNode): StructureNode[] => [
  node,
  ...node.children.flatMap(elementsOf),
];

/** A piece of text of the first page with where it starts and its width, in points from the left and the bottom. */
export type PlacedText = { text: string; x: number; y: number; width: number };

export function placedTexts(pdf: Uint8Array): Promise<PlacedText[]> {
  return withPdf(pdf, async (loaded) => {
    const content = await (await loaded.getPage(1)).getTextContent();
    return content.items.flatMap((item) =>
      'str' in item && item.str.trim() !== ''
        ? [
            {
              text: item.str,
              x: item.transform[4] as number,
              y: item.transform[5] as number,
              width: item.width,
            },
          ]
        : [],
    );
  });
}
