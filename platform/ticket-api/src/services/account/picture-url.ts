// Where the shop's pages find a profile picture: this service's picture route, under the API base
// the tenant service forwards to us (its API_BASE), so the address is on the shop's own origin.

/** The tenant service's API base (platform/tenant-service/src/web/build-bootstrap.ts). */
export const PUBLIC_API_BASE = '/api';
/** The route that serves pictures, relative to the API base. */
export const PICTURE_ROUTE = 'Media/picture';
/** The storage folder of profile pictures. */
export const PICTURE_FOLDER = 'pictures';

const PICTURE_NAME = /^[0-9a-f]{32}\.(?:png|jpg|webp)$/;

export function pictureUrl(key: string): string {
  return `${PUBLIC_API_BASE}/${PICTURE_ROUTE}/${key.slice(PICTURE_FOLDER.length + 1)}`;
}

/** The storage key of a picture name taken from the route; null for anything we never made. */
export function pictureKeyOf(name: string): string | null {
  return PICTURE_NAME.test(name) ? `${PICTURE_FOLDER}/${name}` : null;
}
