// The network's colours and font as CSS variables, so the first paint is branded before any script runs.
import type { ResolvedColourScheme, ResolvedTheme } from '@transit-shop/tenancy';

const schemeVariables = (scheme: ResolvedColourScheme) =>
  [
    `--net-bg:${scheme.background.default}`,
    `--net-paper:${scheme.background.paper}`,
    `--net-text:${scheme.text.primary}`,
    `--net-text-secondary:${scheme.text.secondary}`,
    `--net-primary:${scheme.primary.main}`,
    `--net-primary-contrast:${scheme.primary.contrastText}`,
    `--net-header-bg:${scheme.header.background}`,
    `--net-header-text:${scheme.header.text}`,
  ].join(';');

/** A font stack from a theme file cannot close the style element or open another rule. */
const cssSafe = (value: string) => value.replace(/[<>{};\\]/g, '');

/** Content of `<style id="network-tokens">` (the prepaint header rules match the React header). */
export function networkTokensCss(theme: ResolvedTheme): string {
  const light = schemeVariables(theme.colorSchemes.light);
  const dark = schemeVariables(theme.colorSchemes.dark);
  return [
    `:root{${light};--net-font:${cssSafe(theme.typography.fontFamily)}}`,
    `[data-color-scheme="light"]{color-scheme:light}`,
    `[data-color-scheme="dark"]{color-scheme:dark;${dark}}`,
    `@media (prefers-color-scheme: dark){:root:not([data-color-scheme="light"]){${dark}}}`,
    'body{margin:0;background:var(--net-bg);color:var(--net-text);font-family:var(--net-font)}',
    '.prepaint-header{display:flex;align-items:center;gap:12px;height:64px;padding:0 16px;box-sizing:border-box;' +
      'background:var(--net-header-bg);color:var(--net-header-text);font-size:1.25rem;font-weight:600}',
    '.prepaint-header img{display:block;width:40px;height:40px;flex:none}',
    // On a phone (below MUI's sm breakpoint) the name takes up to two lines in a smaller type, as
    // the React header does, so its size does not change when the app mounts.
    '@media (max-width:599.95px){.prepaint-header{height:auto;min-height:64px}' +
      '.prepaint-name{font-size:1rem;line-height:1.2;padding:4px 0;overflow-wrap:break-word}}',
  ].join('\n');
}
