// The actions and links of a parsed PDF (decision 0040): the only one a stored PDF may keep is a
// jump to a page of the same file (`/GoTo`, or a destination naming one of its pages). Anything that
// leaves the file (a web address, another file, a page of another file) is DOCUMENT_EXTERNAL_LINK;
// any other action, and every automatic one (`/AA`), is DOCUMENT_ACTIVE_CONTENT.
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';
import { AppError } from '@transit-shop/sdk/errors/app-error';

/** Action types that take the reader out of the file. */
const LEAVING_ACTIONS = new Set(['URI', 'GoToR']);

const nameOf = (object: PDFObject | undefined) => (object instanceof PDFName ? object.decodeText() : null);

function walker(context: PDFContext, pages: ReadonlySet<string>) {
  const lookup = (object: PDFObject | undefined) =>
    object === undefined ? undefined : context.lookup(object);
  const checkedActions = new Set<PDFDict>();

  /** An explicit destination must name a page of this file (a page number is another file's page). */
  function checkDestination(destination: PDFArray): void {
    const page = destination.get(0);
    if (!(page instanceof PDFRef) || !pages.has(page.toString()))
      throw new AppError('DOCUMENT_EXTERNAL_LINK');
  }

  /** A named destination is looked up in this file; an explicit one is checked. */
  function checkDestinationValue(value: PDFObject | undefined): void {
    const destination = lookup(value);
    if (destination instanceof PDFArray) {
      checkDestination(destination);
      return;
    }
    if (
      destination instanceof PDFName ||
      destination instanceof PDFString ||
      destination instanceof PDFHexString
    )
      return;
    throw new AppError('DOCUMENT_EXTERNAL_LINK');
  }

  function checkAction(action: PDFDict): void {
    if (checkedActions.has(action)) return;
    checkedActions.add(action);
    const type = nameOf(lookup(action.get(PDFName.of('S'))));
    if (type !== null && LEAVING_ACTIONS.has(type)) throw new AppError('DOCUMENT_EXTERNAL_LINK');
    if (type !== 'GoTo') throw new AppError('DOCUMENT_ACTIVE_CONTENT');
    // A file named beside a jump makes it a jump to that file.
    if (action.has(PDFName.of('F'))) throw new AppError('DOCUMENT_EXTERNAL_LINK');
    checkDestinationValue(action.get(PDFName.of('D')));
    const next = lookup(action.get(PDFName.of('Next')));
    const following =
      next instanceof PDFArray ? next.asArray().map(lookup) : next === undefined ? [] : [next];
    for (const item of following) {
      if (!(item instanceof PDFDict)) throw new AppError('DOCUMENT_ACTIVE_CONTENT');
      checkAction(item);
    }
  }

  /** The places a dictionary can hold an action or a destination. */
  function checkDictionary(dict: PDFDict): void {
    if (dict.has(PDFName.of('AA'))) throw new AppError('DOCUMENT_ACTIVE_CONTENT');
    if (nameOf(lookup(dict.get(PDFName.of('Type')))) === 'Action') checkAction(dict);
    // `/A` is an action in annotations, outlines and fields (a measure's `/A` is an array of formats).
    const action = lookup(dict.get(PDFName.of('A')));
    if (action instanceof PDFDict) checkAction(action);
    const opening = lookup(dict.get(PDFName.of('OpenAction')));
    if (opening instanceof PDFDict) checkAction(opening);
    else if (opening !== undefined) checkDestinationValue(opening);
    if (dict.has(PDFName.of('Dest'))) checkDestinationValue(dict.get(PDFName.of('Dest')));
  }

  const seen = new Set<PDFObject>();
  function visit(object: PDFObject): void {
    if (seen.has(object)) return;
    seen.add(object);
    if (object instanceof PDFStream) visit(object.dict);
    else if (object instanceof PDFDict) {
      checkDictionary(object);
      for (const [, value] of object.entries()) visit(value);
    } else if (object instanceof PDFArray) for (const item of object.asArray()) visit(item);
  }
  return visit;
}

/** Throws DOCUMENT_EXTERNAL_LINK or DOCUMENT_ACTIVE_CONTENT for the first action or link refused. */
export function checkPdfActions(document: PDFDocument): void {
  const pages = new Set(document.getPages().map((page) => page.ref.toString()));
  const visit = walker(document.context, pages);
  const { Root, Info } = document.context.trailerInfo;
  for (const object of [Root, Info]) if (object) visit(document.context.lookup(object) ?? object);
  for (const [, object] of document.context.enumerateIndirectObjects()) visit(object);
}
