// The frame of every page: language and direction, the stylesheet, the test-environment notice.
import { type Html, html } from '@transit-shop/service-kit/html';
import type { Locale } from './locale.ts';
import { MESSAGES, type Messages } from './messages.ts';
import { STYLESHEET_PATH } from './stylesheet.ts';

/** A name from a tenant file inside a translated sentence: isolated, so Arabic keeps its order around it. */
export const isolate = (name: string) => `\u2068${name}\u2069`;

export type Page = { locale: Locale; html: string };

export function renderPage(options: {
  locale: Locale;
  title: (t: Messages) => string;
  body: (t: Messages) => Html;
}): Page {
  const t = MESSAGES[options.locale];
  return {
    locale: options.locale,
    html: html`<!doctype html>
<html lang="${options.locale}" dir="${t.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${options.title(t)} · ${t.pageTitle}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main>
<p class="notice">${t.sandboxNotice}</p>
<div class="sheet">
${options.body(t)}
</div>
</main>
</body>
</html>
`.value,
  };
}
