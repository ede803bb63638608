// The text of a PDF as pdf.js (Firefox's reader, a kept extractor) reads it: each piece of text on
// every page, in the order it reads them, no-break spaces and all.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function extractedTexts(pdf: Uint8Array): Promise<string[]> {
  const loaded = await getDocument({ data: pdf.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= loaded.numPages; number++) {
      const content = await (await loaded.getPage(number)).getTextContent();
      for (const item of content.items) if ('str' in item && item.str.trim() !== '') texts.push(item.str);
    }
    return texts;
  } finally {
    await loaded.destroy();
  }
}
