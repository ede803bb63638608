// The shop's service worker (decision 0031): the app shell and the wallet open without a network.
// Pages: network first, the last copy of that address (else the home page's shell) when the network
// fails, so a deploy never leaves a stale shell. Built files (/assets/, names hashed): from the cache once fetched. The API
// is never cached here: the wallet keeps its own answer in IndexedDB.
const PAGES = 'pages-v1';
const ASSETS = 'assets-v1';
const KEPT = [PAGES, ASSETS];
const ASSETS_MAX = 400;

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
  // The home page's shell, so that an address never opened online (a page reached inside the app)
  // still opens offline: every page of the shop is the same app.
  event.waitUntil(
    caches
      .open(PAGES)
      .then((cache) => cache.add(new Request('/', { cache: 'reload' })))
      .catch(() => {}),
  );
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
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
  if (request.mode === 'navigate') event.respondWith(networkFirst(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
});

const LANGUAGE_PREFIXES = ['en', 'ar', 'it', 'es'];

/** The shell kept for an address's language: `/en/` for English pages, `/` for French ones. */
function shellOf(url) {
  const first = url.pathname.split('/')[1];
  return new URL(LANGUAGE_PREFIXES.includes(first) ? `/${first}/` : '/', url);
}

async function networkFirst(request) {
  const cache = await caches.open(PAGES);
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(request, response.clone());
      // Any page of a language is that language's shell: the app routes the rest.
      await cache.put(shellOf(url), response.clone());
    }
    return response;
  } catch (error) {
    const kept =
      (await cache.match(request)) ??
      (await cache.match(shellOf(url))) ??
      (await cache.match(new URL('/', url)));
    if (kept) return kept;
    throw error;
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
