// Timings and limits of the shell.
/** How often an open page asks whether a new build is out. */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60 * 1000;
/** A chunk-load failure reloads the page at most once in this time (spec 02 §2). */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'chunk-reload-at';
/** How often the alert beacon is asked again, and how often windows are re-evaluated. */
export const ALERT_REFRESH_MS = 60_000;
export const ALERT_CLOCK_TICK_MS = 30_000;
