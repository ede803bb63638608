// Writes `<file>.gz` (zopfli) and `<file>.br` (brotli 11) beside each built asset, which the tenant service serves as is.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);

/** Text assets worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|svg|json)$/;
/** Below about one network packet, a compressed copy saves no round trip. */
const MIN_BYTES = 1024;
/** Zopfli's iterations: more gain next to nothing on files of a few hundred kB and take longer. */
const ZOPFLI_ITERATIONS = 15;

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

/**
 * Compresses, once at build time and as tightly as the formats allow, the assets the tenant
 * service serves (`serveStatic({ precompressed: true })`): zopfli's gzip is a few percent
 * smaller than the usual zlib level 6, at no cost to the browser.
 */
export function precompress(): Plugin {
  let assetsDir = 'assets';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      assetsDir = config.build.assetsDir;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const files = Object.keys(bundle).filter(
        (fileName) => fileName.startsWith(`${assetsDir}/`) && COMPRESSIBLE.test(fileName),
      );
      await Promise.all(files.map((fileName) => precompressFile(join(outDir, fileName))));
    },
  };
}
