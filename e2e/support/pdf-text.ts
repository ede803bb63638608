// The text of a PDF as pdf.js (Firefox's reader) extracts it: what a rider's employer copies out of
// an attestation.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Each piece of text of every page, in reading order. */
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
