// The built web app on disk (index.html, build manifest, other files), re-read when a new build lands.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../logger.ts';
import { type IndexTemplate, parseIndexTemplate } from './index-template.ts';
import { loadPageRenderer, type PageRenderer } from './page-renderer.ts';

export type WebBuild = {
  template: IndexTemplate;
  buildId: string;
  /** The body of GET /build-manifest.json. */
  manifestJson: string;
  /** Files served by exact path (URL path -> absolute path): the dist root and public files. */
  files: ReadonlyMap<string, string>;
  /** The build's server renderer, imported at the first call (decision 0034); undefined without one. */
  renderer(): Promise<PageRenderer | undefined>;
};

const buildManifestSchema = z.object({ buildId: z.string().min(1), builtAt: z.string() });

// Served by their own routes (or never): the page template, hashed assets, Vite's own manifest.
const NOT_SERVED_AS_FILES = new Set(['index.html', 'build-manifest.json', 'assets']);

function listFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (dir === root && NOT_SERVED_AS_FILES.has(entry.name)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.set(`/${relative(root, path).split(sep).join('/')}`, path);
    }
  };
  walk(root);
  return files;
}

export class WebDist {
  readonly dir: string;
  readonly #logger: Logger;
  readonly #checkIntervalMs: number;
  readonly #startedAt: string;
  #build: WebBuild | undefined;
  #signature: string | undefined;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #version = 0;

  constructor(options: { dir: string; logger: Logger; checkIntervalMs?: number }) {
    this.dir = options.dir;
    this.#logger = options.logger;
    // index.html is looked at (one stat) at most this often, so a rebuild is served without a restart.
    this.#checkIntervalMs = options.checkIntervalMs ?? 1000;
    this.#startedAt = new Date().toISOString();
  }

  /** Changes whenever the build served changes, so rendered pages can be dropped. */
  get version(): number {
    return this.#version;
  }

  /** The build being served, or undefined when the folder has no index.html. */
  current(): WebBuild | undefined {
    const now = Date.now();
    if (now - this.#checkedAt >= this.#checkIntervalMs) {
      this.#checkedAt = now;
      this.#check();
    }
    return this.#build;
  }

  #check(): void {
    const indexPath = join(this.dir, 'index.html');
    let signature = '';
    try {
      const stat = statSync(indexPath);
      signature = `${stat.mtimeMs}:${stat.ctimeMs}:${stat.size}:${stat.ino}`;
    } catch {
      // no index.html: not built
    }
    if (signature === this.#signature) return;
    this.#signature = signature;
    this.#version += 1;
    if (!signature) {
      this.#build = undefined;
      this.#logger.error({ dir: this.dir }, 'the web app is not built (no index.html); pages answer 503');
      return;
    }
    try {
      this.#build = this.#read(indexPath);
      const { buildId, template } = this.#build;
      if (template.missing.length > 0) {
        this.#logger.warn({ missing: template.missing }, 'index.html lacks markers the service fills');
      }
      this.#logger.info({ dir: this.dir, buildId }, 'web app build loaded');
    } catch (error) {
      this.#build = undefined;
      this.#logger.error({ err: error, dir: this.dir }, 'the web app build cannot be read; pages answer 503');
    }
  }

  #read(indexPath: string): WebBuild {
    const template = parseIndexTemplate(readFileSync(indexPath, 'utf8'));
    let manifest = { buildId: 'dev', builtAt: this.#startedAt };
    try {
      const parsed = buildManifestSchema.safeParse(
        JSON.parse(readFileSync(join(this.dir, 'build-manifest.json'), 'utf8')),
      );
      if (parsed.success) manifest = parsed.data;
      else this.#logger.warn('build-manifest.json is not { buildId, builtAt }; the build id is "dev"');
    } catch {
      // no manifest: a development build
    }
    let renderer: Promise<PageRenderer | undefined> | undefined;
    const dir = this.dir;
    const logger = this.#logger;
    return {
      template,
      buildId: manifest.buildId,
      manifestJson: JSON.stringify(manifest),
      files: listFiles(this.dir),
      renderer() {
        renderer ??= loadPageRenderer(dir, manifest.buildId).catch((error: unknown) => {
          logger.error(
            { err: error, dir },
            'the server renderer cannot be loaded; pages render in the browser',
          );
          return undefined;
        });
        return renderer;
      },
    };
  }
}
