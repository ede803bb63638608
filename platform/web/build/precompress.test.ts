import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

// Text that compresses, as built code does.
const text = (bytes: number) =>
  'export const route = "/account/travellers";\n'.repeat(bytes / 44 + 1).slice(0, bytes);

describe('precompressed copies of the build', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'precompress-'));
    await mkdir(join(dir, 'assets'));
    await mkdir(join(dir, '.vite'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes gzip and brotli copies that decode to each text file over 1 kB, and only those', async () => {
    const chunk = text(5000);
    await writeFile(join(dir, 'assets', 'shell-abc.js'), chunk);
    await writeFile(join(dir, 'assets', 'shell-abc.css'), text(2000));
    await writeFile(join(dir, 'logo.svg'), text(3000));
    await writeFile(join(dir, 'assets', 'home-abc.js'), text(800));
    await writeFile(join(dir, 'assets', 'photo.png'), text(5000));
    await writeFile(join(dir, '.vite', 'manifest.json'), text(5000));

    await precompressDirectory(dir);

    const gzip = await readFile(join(dir, 'assets', 'shell-abc.js.gz'));
    const br = await readFile(join(dir, 'assets', 'shell-abc.js.br'));
    expect(gunzipSync(gzip).toString()).toBe(chunk);
    expect(brotliDecompressSync(br).toString()).toBe(chunk);
    expect(gzip.length).toBeLessThan(chunk.length);
    expect((await readdir(join(dir, 'assets'))).sort()).toEqual([
      'home-abc.js',
      'photo.png',
      'shell-abc.css',
      'shell-abc.css.br',
      'shell-abc.css.gz',
      'shell-abc.js',
      'shell-abc.js.br',
      'shell-abc.js.gz',
    ]);
    expect((await readdir(dir)).sort()).toEqual([
      '.vite',
      'assets',
      'logo.svg',
      'logo.svg.br',
      'logo.svg.gz',
    ]);
    expect(await readdir(join(dir, '.vite'))).toEqual(['manifest.json']);
  });
});
