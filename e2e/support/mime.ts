// Reads an email as the SMTP sink receives it: headers (encoded words included), multipart bodies
// and their quoted-printable or base64 transfer encodings, in the part's charset. mailparser is not
// a dependency, and the platform's emails only need this much.

export type DecodedMail = {
  /** Header names in lower case, values decoded; repeated headers joined with ", ". */
  headers: Record<string, string>;
  subject: string;
  /** The text/plain part (or the whole body of a text message), decoded. */
  text: string;
  /** The text/html part, decoded; empty when there is none. */
  html: string;
  /** The parts sent as attachments, their content in base64. */
  attachments: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: string; base64: string };

type Part = { headers: Record<string, string>; body: string };

/** Bytes as a string of one character per byte, so binary-safe slicing works on strings. */
const bytesOf = (binary: string) => Buffer.from(binary, 'latin1');

function decodeCharset(bytes: Uint8Array, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Quoted-printable (RFC 2045 §6.7) to bytes; `header` also reads "_" as a space (RFC 2047 "Q"). */
export function decodeQuotedPrintable(input: string, header = false): Buffer {
  const text = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    const hex = text.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else if (header && char === '_') {
      bytes.push(0x20);
    } else {
      bytes.push(char.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/**
 * RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=). Adjacent words of one charset are
 * joined as bytes first: a character may be split between two of them.
 */
export function decodeEncodedWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  const pieces: Array<{ charset: string; bytes: Buffer } | string> = [];
  let last = 0;
  for (const match of value.matchAll(word)) {
    const between = value.slice(last, match.index);
    // Only white space between two encoded words is dropped.
    if (between && !(/^\s+$/.test(between) && typeof pieces.at(-1) === 'object')) pieces.push(between);
    const [, charset = 'utf-8', encoding = 'B', data = ''] = match;
    const bytes =
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data, true);
    const previous = pieces.at(-1);
    if (typeof previous === 'object' && previous.charset.toLowerCase() === charset.toLowerCase()) {
      previous.bytes = Buffer.concat([previous.bytes, bytes]);
    } else {
      pieces.push({ charset, bytes });
    }
    last = match.index + match[0].length;
  }
  pieces.push(value.slice(last));
  return pieces
    .map((piece) => (typeof piece === 'string' ? piece : decodeCharset(piece.bytes, piece.charset)))
    .join('');
}

function splitPart(binary: string): Part {
  const normalised = binary.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // Raw 8-bit header text (SMTPUTF8) is UTF-8; encoded words are decoded after.
    const value = decodeEncodedWords(decodeCharset(bytesOf(line.slice(colon + 1).trim())));
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { headers, body };
}

/** A parameter of a header value, such as the boundary of a Content-Type. */
export function headerParameter(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** A part's body as bytes, its transfer encoding undone. */
function bodyBytes(part: Part): Buffer {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').trim().toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return bytesOf(part.body);
}

function bodyText(part: Part): string {
  const charset = headerParameter(part.headers['content-type'], 'charset') ?? 'utf-8';
  return decodeCharset(bodyBytes(part), charset);
}

/** A part given as an attachment (Content-Disposition: attachment), with its file name. */
function attachmentOf(part: Part): MailAttachment | null {
  const disposition = part.headers['content-disposition'];
  if (!disposition || !/^attachment/i.test(disposition)) return null;
  const contentType = (part.headers['content-type'] ?? 'application/octet-stream').split(';')[0] ?? '';
  return {
    filename:
      headerParameter(disposition, 'filename') ?? headerParameter(part.headers['content-type'], 'name') ?? '',
    contentType: contentType.trim().toLowerCase(),
    base64: bodyBytes(part).toString('base64'),
  };
}

/** The leaf parts of a message, depth first, in their order. */
function leafParts(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = headerParameter(type, 'boundary');
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const delimiter = `--${boundary}`;
  const sections = part.body.split(new RegExp(`^${escapeRegExp(delimiter)}(?:--)?[ \\t]*$`, 'm'));
  // The first section is the preamble and the last the epilogue.
  return sections
    .slice(1, -1)
    .map((section) => splitPart(section.replace(/^\n/, '')))
    .flatMap(leafParts);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Decodes a whole message, given as the bytes the SMTP server received. */
export function decodeMail(raw: Buffer | string): DecodedMail {
  const message = splitPart(typeof raw === 'string' ? raw : raw.toString('latin1'));
  const leaves = leafParts(message);
  const attachments = leaves.flatMap((part) => attachmentOf(part) ?? []);
  const ofType = (type: string) =>
    leaves.find(
      (part) =>
        attachmentOf(part) === null &&
        (part.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type),
    );
  const text = ofType('text/plain');
  const html = ofType('text/html');
  return {
    headers: message.headers,
    subject: message.headers.subject ?? '',
    text: text ? bodyText(text) : '',
    html: html ? bodyText(html) : '',
    attachments,
  };
}
