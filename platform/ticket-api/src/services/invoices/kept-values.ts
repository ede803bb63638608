// Values computed once and kept for every later document (shaped words, measured widths), up to a
// bound: past it, the oldest half is dropped, so a long-running service keeps a bounded memory.
// A value is never undefined: one lookup tells a kept value from a missing one.

export type KeptValues<V> = { get(key: string, compute: () => V): V };

export function keptValues<V extends NonNullable<unknown>>(limit: number): KeptValues<V> {
  const kept = new Map<string, V>();
  return {
    get(key, compute) {
      const found = kept.get(key);
      if (found !== undefined) return found;
      const value = compute();
      if (kept.size >= limit) {
        let toDrop = Math.ceil(limit / 2);
        for (const oldest of kept.keys()) {
          if (toDrop-- <= 0) break;
          kept.delete(oldest);
        }
      }
      kept.set(key, value);
      return value;
    },
  };
}
