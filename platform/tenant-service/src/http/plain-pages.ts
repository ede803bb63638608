// Unbranded HTML pages for answers that must not show any network: unknown shop, errors, missing build.

const page = (title: string, body: string) =>
  `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#ffffff;color:#1f1f1f;line-height:1.5}
main{max-width:36rem;margin:15vh auto 0;padding:0 1.5rem}
h1{font-size:1.75rem;margin:0 0 1rem}
p{margin:0 0 .5rem}
ul{list-style:none;margin:1.5rem 0 0;padding:0;color:#4a4a4a}
@media (prefers-color-scheme: dark){body{background:#121212;color:#f1f1f1}ul{color:#c8c8c8}}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;

/** Unknown host: says only that no shop lives here, in every language of the platform. */
export const SHOP_NOT_FOUND_PAGE = page(
  'Shop not found',
  `<h1>Shop not found</h1>
<p>There is no shop at this address. Check the address and try again.</p>
<ul>
<li lang="fr">Aucune boutique à cette adresse.</li>
<li lang="ar" dir="rtl">لا يوجد متجر على هذا العنوان.</li>
<li lang="it">Nessun negozio a questo indirizzo.</li>
<li lang="es">No hay ninguna tienda en esta dirección.</li>
</ul>`,
);

export const NOT_FOUND_PAGE = page(
  'Not found',
  '<h1>Not found</h1>\n<p>Nothing is served at this address.</p>',
);

export const SERVER_ERROR_PAGE = page(
  'Something went wrong',
  '<h1>Something went wrong</h1>\n<p>The page could not be served. Please try again in a moment.</p>',
);

export const WEB_APP_NOT_BUILT_PAGE = page(
  'Shop unavailable',
  `<h1>Shop unavailable</h1>
<p>The web app is not built on this server yet. Please try again in a moment.</p>`,
);

export const BAD_REQUEST_PAGE = page(
  'Bad request',
  '<h1>Bad request</h1>\n<p>The address is not valid. Check it and try again.</p>',
);

export function pageForStatus(status: number): string {
  if (status === 404) return NOT_FOUND_PAGE;
  if (status < 500) return BAD_REQUEST_PAGE;
  return SERVER_ERROR_PAGE;
}
