// A second minification of the built chunks by terser, after Rolldown's own (oxc) one.
import { type MinifyOptions, minify } from 'terser';
import type { Plugin } from 'vite';

/**
 * Measured on the shell chunk (docs/decisions/0005-web-first-paint-budget.md): terser after oxc
 * saves 0.8 kB gzip and 1.1 kB brotli; terser instead of oxc (`build.minify: 'terser'`) saves
 * 0.5 kB brotli but adds 0.2 kB gzip. A third pass gains a little brotli and loses a little gzip.
 */
const TERSER_OPTIONS: MinifyOptions = { compress: { passes: 2 }, module: true, ecma: 2022 };

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
