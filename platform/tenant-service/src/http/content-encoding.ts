// Which of the encodings a page is kept in suits a request's Accept-Encoding (RFC 9110 §12.5.3).

export const PAGE_ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];
const COMPRESSED = ['br', 'gzip'] as const;

/** The q-value a header gives a coding: its own entry, else "*", else 0. */
function qualityOf(entries: ReadonlyMap<string, number>, coding: PageEncoding): number {
  return entries.get(coding) ?? entries.get('*') ?? 0;
}

function parse(header: string): Map<string, number> {
  const entries = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let quality = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        quality = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
      }
    }
    entries.set(coding, quality);
  }
  return entries;
}

/**
 * The compressed coding the client rates highest (brotli on a tie, being smaller), or identity
 * when it accepts none: a page is always worth compressing, whatever weight identity is given.
 */
export function preferredEncoding(acceptEncoding: string | undefined): PageEncoding {
  if (!acceptEncoding) return 'identity';
  const known = chosen.get(acceptEncoding);
  if (known) return known;
  const encoding = choose(acceptEncoding);
  // Browsers send a handful of distinct values: remember them, bounded against odd clients.
  if (chosen.size >= MAX_REMEMBERED) chosen.clear();
  chosen.set(acceptEncoding, encoding);
  return encoding;
}

const MAX_REMEMBERED = 64;
const chosen = new Map<string, PageEncoding>();

function choose(acceptEncoding: string): PageEncoding {
  const entries = parse(acceptEncoding);
  let best: PageEncoding = 'identity';
  let bestQuality = 0;
  for (const coding of COMPRESSED) {
    const quality = qualityOf(entries, coding);
    if (quality > bestQuality) {
      best = coding;
      bestQuality = quality;
    }
  }
  return best;
}
