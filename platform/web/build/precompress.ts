// Writes `<file>.gz` (zopfli) and `<file>.br` (brotli 11) beside each built text file, which the tenant service serves as is.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;
/** Below about one network packet, a compressed copy saves no round trip. */
const MIN_BYTES = 1024;
/** Zopfli's iterations: more gain next to nothing on files of a few hundred kB and take longer. */
const ZOPFLI_ITERATIONS = 15;
/** Top-level folders never served: Vite's manifest, read by tools at build time. */
const NOT_SERVED = new Set(['.vite']);

async function precompressFile(path: string): Promise<void> {
  const source = await readFile(path);
  if (source.length <= MIN_BYTES) return;
  const [gzip, br] = await Promise.all([
    gzipAsync(source, { numiterations: ZOPFLI_ITERATIONS }),
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  ]);
  // A copy no smaller than the file would only cost the client the decoding.
  await Promise.all([
    gzip.length < source.length ? writeFile(`${path}.gz`, gzip) : undefined,
    br.length < source.length ? writeFile(`${path}.br`, br) : undefined,
  ]);
}

/** Compresses every text file over 1 kB under `dir`: the bundle's chunks and anything copied from `public/`. */
export async function precompressDirectory(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !NOT_SERVED.has(relative(dir, path).split(sep)[0] ?? ''));
  await Promise.all(files.map(precompressFile));
}

/**
 * Compresses, once at build time and as tightly as the formats allow, the files the tenant
 * service serves (`serveStatic({ precompressed: true })`): zopfli's gzip is a few percent
 * smaller than the usual zlib level 6, at no cost to the browser.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options) {
      if (options.dir) await precompressDirectory(options.dir);
    },
  };
}
