// A second minification of the built chunks by terser, after Rolldown's own (oxc) one.
import { type MinifyOptions, minify } from 'terser';
import type { Plugin } from 'vite';

/**
 * Measured on the home route's initial JavaScript (docs/decisions/0005-web-first-paint-budget.md):
 * terser instead of oxc (`build.minify: 'terser'`, three passes) serves 1.0 kB more gzip and
 * 0.8 kB more brotli than oxc followed by this pass, whose third pass saves 0.4 kB gzip and
 * 0.2 kB brotli over two.
 */
const TERSER_OPTIONS: MinifyOptions = { compress: { passes: 3 }, module: true, ecma: 2022 };

/**
 * Runs terser over every chunk once Rolldown has minified it (`generateBundle` comes after
 * Rolldown's minifier). Skipped in builds with source maps, which it would leave pointing at
 * the wrong places, and in unminified builds.
 */
export function terserPass(): Plugin {
  let enabled = true;
  return {
    name: 'terser-pass',
    apply: 'build',
    configResolved(config) {
      enabled = config.build.minify !== false && !config.build.sourcemap;
    },
    async generateBundle(_options, bundle) {
      if (!enabled) return;
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          if (output.type !== 'chunk') return;
          const { code } = await minify(output.code, TERSER_OPTIONS);
          if (code !== undefined) output.code = code;
        }),
      );
    },
  };
}
