// The name a document's file had, kept for its owner to recognise it (decision 0033): never a
// path, never a way to spoof another name with control or bidirectional characters.

export const FILE_NAME_MAX_LENGTH = 120;

// Controls (C0, C1) and format characters: bidirectional marks, overrides and isolates among them.
const UNSAFE = /[\p{Cc}\p{Cf}]/gu;

/** At most 120 characters, without folders, controls or bidi marks; 'document' when nothing is left. */
export function displayFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE, '').trim().replace(/^\.+/, '');
  const cut = [...cleaned].slice(0, FILE_NAME_MAX_LENGTH).join('').trim();
  return cut === '' ? 'document' : cut;
}
