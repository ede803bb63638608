// The frame of every hosted page: language and direction, the stylesheet, the test notice.

import { type Html, html } from '@transit-shop/service-kit/html';
import type { Locale } from '../protocol/schemas.ts';
import type { Messages } from './messages.ts';
import { STYLESHEET_PATH } from './stylesheet.ts';

export function renderPage(options: { locale: Locale; t: Messages; title: string; body: Html }): string {
  const { locale, t, title, body } = options;
  return html`<!doctype html>
<html lang="${locale}" dir="${t.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main>
<p class="notice">${t.sandboxNotice}</p>
<div class="sheet">
${body}
</div>
</main>
</body>
</html>
`.value;
}
