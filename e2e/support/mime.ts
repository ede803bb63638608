// Reads an email as the SMTP sink receives it, with mailparser: headers (encoded words included),
// multipart bodies, transfer encodings and charsets, and the parts sent as attachments.
import { type AddressObject, type HeaderValue, type ParsedMail, simpleParser } from 'mailparser';

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

const isAddress = (value: object): value is AddressObject => 'text' in value && 'value' in value;

/** A header's value as written, unfolded, for the headers mailparser turns into objects or dates. */
function rawValues(mail: ParsedMail, key: string): string[] {
  return mail.headerLines
    .filter((line) => line.key === key)
    .map((line) =>
      line.line
        .slice(line.line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
}

/** One header as text: addresses as mailparser decoded them, plain values as they are. */
function headerText(mail: ParsedMail, key: string, value: HeaderValue): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  if (!Array.isArray(value) && typeof value === 'object' && !(value instanceof Date) && isAddress(value))
    return value.text;
  return rawValues(mail, key).join(', ');
}

/** Decodes a whole message, given as the bytes the SMTP server received. */
export async function decodeMail(raw: Buffer | string): Promise<DecodedMail> {
  const mail = await simpleParser(raw, { keepCidLinks: true, skipTextToHtml: true });
  const headers: Record<string, string> = {};
  for (const [key, value] of mail.headers) headers[key] = headerText(mail, key, value);
  return {
    headers,
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: mail.html || '',
    attachments: mail.attachments
      .filter((attachment) => attachment.contentDisposition === 'attachment')
      .map((attachment) => ({
        filename: attachment.filename ?? '',
        contentType: attachment.contentType.toLowerCase(),
        base64: attachment.content.toString('base64'),
      })),
  };
}
