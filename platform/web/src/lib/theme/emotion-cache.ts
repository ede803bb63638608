// One emotion cache per direction: Arabic gets its styles mirrored by stylis-plugin-rtl, which is
// loaded only when a right-to-left page needs it.
import createCache, { type EmotionCache } from '@emotion/cache';

const caches: Partial<Record<'ltr' | 'rtl', EmotionCache>> = {};

/** The cache of a direction if it is already loaded (a switch to it can then render at once). */
export function loadedEmotionCache(direction: 'ltr' | 'rtl'): EmotionCache | undefined {
  return caches[direction];
}

export async function loadEmotionCache(direction: 'ltr' | 'rtl'): Promise<EmotionCache> {
  const cached = caches[direction];
  if (cached) return cached;
  if (direction === 'ltr') {
    caches.ltr = createCache({ key: 'mui' });
    return caches.ltr;
  }
  const [{ prefixer }, { default: rtlPlugin }] = await Promise.all([
    import('stylis'),
    import('stylis-plugin-rtl'),
  ]);
  caches.rtl = createCache({ key: 'mui-rtl', stylisPlugins: [prefixer, rtlPlugin] });
  return caches.rtl;
}
