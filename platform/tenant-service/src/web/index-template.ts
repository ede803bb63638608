// The web app's index.html split at the places the service fills per network (see the web contract).

export type IndexTemplate = {
  beforeHtmlTag: string;
  beforeHead: string;
  beforePrepaint: string;
  afterPrepaint: string;
  /** Markers the file lacks (the page is still served, without those parts). */
  missing: string[];
};

export const HEAD_MARKER = '<!--app-head-->';
export const PREPAINT_MARKER = '<!--app-prepaint-->';

export function parseIndexTemplate(html: string): IndexTemplate {
  const missing: string[] = [];
  const htmlTag = /<html\b[^>]*>/i.exec(html);
  if (!htmlTag) missing.push('<html>');
  const beforeHtmlTag = htmlTag ? html.slice(0, htmlTag.index) : '';
  const rest = htmlTag ? html.slice(htmlTag.index + htmlTag[0].length) : html;

  let head = rest.indexOf(HEAD_MARKER);
  let headLength = HEAD_MARKER.length;
  if (head === -1) {
    missing.push(HEAD_MARKER);
    // Without the marker the head parts still belong in <head>.
    head = Math.max(rest.search(/<\/head>/i), 0);
    headLength = 0;
  }
  const beforeHead = rest.slice(0, head);
  const afterHead = rest.slice(head + headLength);

  const prepaint = afterHead.indexOf(PREPAINT_MARKER);
  if (prepaint === -1) missing.push(PREPAINT_MARKER);
  return {
    beforeHtmlTag,
    beforeHead,
    beforePrepaint: prepaint === -1 ? afterHead : afterHead.slice(0, prepaint),
    afterPrepaint: prepaint === -1 ? '' : afterHead.slice(prepaint + PREPAINT_MARKER.length),
    missing,
  };
}
