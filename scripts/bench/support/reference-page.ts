// The reference page of bench:lighthouse (reference-page/): built with Vite like the shop (client
// and server renderer), rendered once with its critical CSS, and served on loopback with its
// scripts in brotli and cached for a year, as the tenant service serves the shop's.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'vite';
import { root } from './loopback.ts';

const DIRECTORY = join(root, 'scripts/bench/reference-page');
const CONFIG = join(DIRECTORY, 'vite.config.ts');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

type Asset = { type: string; brotli: Buffer };

async function buildReferencePage(): Promise<{ html: string; assets: Map<string, Asset> }> {
  const client = await build({ configFile: CONFIG, mode: 'production' });
  await build({
    configFile: CONFIG,
    mode: 'production',
    build: { ssr: 'src/server.tsx', outDir: 'dist/server', emptyOutDir: true },
  });
  const { render } = (await import(pathToFileURL(join(DIRECTORY, 'dist/server/server.js')).href)) as {
    render: () => { page: string; styles: string };
  };
  const { page, styles } = render();
  const template = await readFile(join(DIRECTORY, 'dist/client/index.html'), 'utf8');
  const html = template.replace('<!--styles-->', styles).replace('<!--page-->', page);
  const assets = new Map<string, Asset>();
  const outputs = (Array.isArray(client) ? client : [client]).flatMap((result) =>
    'output' in result ? result.output : [],
  );
  for (const output of outputs) {
    if (output.fileName === 'index.html') continue;
    const source = output.type === 'chunk' ? output.code : output.source;
    assets.set(`/${output.fileName}`, {
      type: TYPES[extname(output.fileName)] ?? 'application/octet-stream',
      brotli: brotliCompressSync(Buffer.from(source), {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }),
    });
  }
  return { html, assets };
}

/** Builds the reference page and serves it at http://127.0.0.1:port/ until closed. */
export async function serveReferencePage(port: number): Promise<Server> {
  const { html, assets } = await buildReferencePage();
  const page = brotliCompressSync(Buffer.from(html));
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://reference').pathname;
    const asset = path === '/' ? undefined : assets.get(path);
    if (path !== '/' && !asset) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': asset ? asset.type : 'text/html; charset=utf-8',
      'content-encoding': 'br',
      'cache-control': asset ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    response.end(asset ? asset.brotli : page);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** Reports the reference page's JavaScript size: what the browser downloads, in brotli. */
export async function referencePageSize(): Promise<number> {
  const { assets } = await buildReferencePage();
  return [...assets.values()]
    .filter((asset) => asset.type.startsWith('text/javascript'))
    .reduce((sum, asset) => sum + asset.brotli.length, 0);
}
