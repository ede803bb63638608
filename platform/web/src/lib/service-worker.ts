// Registers the service worker (public/sw.js, decision 0031) in production builds only, once the
// page has loaded so it never competes with the first paint.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      // This page's code loaded before the worker could see it: the worker keeps it now, so the
      // first page opened (a link from an email) opens offline too. The worker stores its shell.
      .then((registration) => registration.active?.postMessage({ keepAssets: loadedAssets() }))
      .catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The built files (/assets/) this page has loaded from its own origin. */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.href);
}
