// Makes the next navigation a full page load once the build watch has seen a new build.
import type { BuildWatch } from './build-watch.ts';

/**
 * The root route's loader, run on every navigation: once the build is stale the navigation
 * becomes a full page load of its address, so old and new code chunks never mix. Its promise
 * never settles, so the old page stays until the browser leaves it.
 */
export function staleBuildLoader(
  build: Pick<BuildWatch, 'isStale'>,
  assign: (url: string) => void = (url) => location.assign(url),
) {
  return ({ request }: { request: Request }): Promise<never> | null => {
    if (!build.isStale()) return null;
    const url = new URL(request.url);
    assign(`${url.pathname}${url.search}`);
    return new Promise<never>(() => {});
  };
}
