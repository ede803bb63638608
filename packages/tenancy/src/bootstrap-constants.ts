// Names shared by the tenant service and the web app's first paint (no schema library here).
export const APPEARANCES = ['LIGHT', 'DARK', 'SYSTEM'] as const;
export type Appearance = (typeof APPEARANCES)[number];

/** Id of the JSON data block holding the bootstrap in index.html. */
export const BOOTSTRAP_ELEMENT_ID = 'network-bootstrap';

export function isAppearance(value: unknown): value is Appearance {
  return typeof value === 'string' && (APPEARANCES as readonly string[]).includes(value);
}
