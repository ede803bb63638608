// The shop's service worker (decision 0031): the app shell and the wallet open without a network.
// Pages: network first, with a time limit; one shell per language is kept, never an address of its
// own (addresses carry one-time codes, a guest's reference, payment returns). Every page of a
// language is the same index.html (the tenant service fills it per host, language and appearance;
// the app routes the address), so the kept shell opens any of them offline. Built files
// (/assets/, names hashed): from the cache once fetched. The API is never cached here: the wallet
// keeps its own answer in IndexedDB.
const PAGES = 'pages-v2';
const ASSETS = 'assets-v1';
const KEPT = [PAGES, ASSETS];
const ASSETS_MAX = 400;
/** How long a navigation waits for the network before the kept shell is shown. */
const NAVIGATION_TIMEOUT_MS = 3000;
/** The language prefixes of decision 0023 (LOCALES in packages/sdk/src/locales.ts). */
const LANGUAGE_PREFIXES = ['fr', 'en', 'ar', 'it', 'es'];

self.addEventListener('install', (event) => {
  // Where the browser can, calls and other paths go straight to the network, without this worker.
  if (event.addRoutes) {
    event.waitUntil(
      event
        .addRoutes([
          { condition: { urlPattern: new URLPattern({ pathname: '/api/*' }) }, source: 'network' },
          { condition: { urlPattern: new URLPattern({ pathname: '/alerts*' }) }, source: 'network' },
        ])
        .catch(() => {}),
    );
  }
  // The page that registered this worker loaded before it: its language's shell is fetched now, so
  // the first page opened (a link from an email) opens offline too.
  event.waitUntil(keepShellsOfOpenWindows().catch(() => {}));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      // Older caches go, pages-v1 with them (it kept every address, codes included).
      .then((names) =>
        Promise.all(names.filter((name) => !KEPT.includes(name)).map((name) => caches.delete(name))),
      )
      // The pages already open are served by this worker from now on, not after their next load.
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(navigate(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
});

// The page that registered this worker names the built files it loaded before the worker ran.
self.addEventListener('message', (event) => {
  const urls = event.data?.keepAssets;
  if (event.origin === self.location.origin && Array.isArray(urls)) event.waitUntil(keepAssets(urls));
});

async function keepAssets(urls) {
  const cache = await caches.open(ASSETS);
  const assets = urls
    .map((url) => new URL(String(url), self.location.origin))
    .filter((url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'));
  await Promise.all(
    assets.map(async (url) => {
      if (await cache.match(url)) return;
      const response = await fetch(url).catch(() => undefined);
      if (response?.ok) await cache.put(url, response);
    }),
  );
}

/**
 * Where the shell of an address's language is kept: `/en/__shell__` for English pages, `/__shell__`
 * for unprefixed (French) ones. The tenant service answers these addresses with that shell too.
 */
function shellOf(url) {
  const first = url.pathname.split('/')[1];
  return new URL(LANGUAGE_PREFIXES.includes(first) ? `/${first}/__shell__` : '/__shell__', url).href;
}

/** An index page as served, not a redirect (Chrome refuses one for a navigation), an error or a file. */
function isShell(response) {
  return (
    response.status === 200 &&
    response.type === 'basic' &&
    !response.redirected &&
    (response.headers.get('content-type') ?? '').startsWith('text/html')
  );
}

async function keepShell(key, response) {
  const cache = await caches.open(PAGES);
  // A copy without the response's own address and redirect mark.
  await cache.put(key, new Response(response.body, response));
}

async function keepShellsOfOpenWindows() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const keys = new Set(windows.map((client) => shellOf(new URL(client.url))));
  await Promise.all(
    [...keys].map(async (key) => {
      const response = await fetch(key, { redirect: 'manual', cache: 'no-store' });
      if (isShell(response)) await keepShell(key, response);
    }),
  );
}

/** The language's shell, else (offline) any shell kept: the app redirects to the right language. */
async function keptShell(cache, key, anyLanguage) {
  const own = await cache.match(key, { ignoreVary: true });
  if (own || !anyLanguage) return own;
  const [first] = await cache.keys();
  return first ? cache.match(first, { ignoreVary: true }) : undefined;
}

/**
 * Network first. The kept shell answers when the network fails, answers 5xx, or (when the
 * language's shell is kept) takes longer than NAVIGATION_TIMEOUT_MS; a 4xx or a redirect passes.
 */
async function navigate(event) {
  const { request } = event;
  const key = shellOf(new URL(request.url));
  let storing = Promise.resolve();
  const fromNetwork = fetch(request).then((response) => {
    if (isShell(response)) storing = keepShell(key, response.clone());
    return response;
  });
  // A late answer still renews the shell after the kept one was shown.
  event.waitUntil(fromNetwork.then(() => storing).catch(() => {}));

  const cache = await caches.open(PAGES);
  const own = await keptShell(cache, key, false);
  let timer;
  const late = own
    ? new Promise((resolve) => {
        timer = setTimeout(() => resolve(undefined), NAVIGATION_TIMEOUT_MS);
      })
    : new Promise(() => {});
  try {
    const response = await Promise.race([fromNetwork, late]);
    if (response && response.status < 500) return response;
    return (await keptShell(cache, key, true)) ?? response;
  } catch (error) {
    const kept = await keptShell(cache, key, true);
    if (kept) return kept;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    // The oldest go first: older builds' files are no longer asked for.
    await Promise.all(keys.slice(0, Math.max(0, keys.length - ASSETS_MAX)).map((key) => cache.delete(key)));
  }
  return response;
}
