// Where a network's logo is served, as the legacy calls and the bootstrap announce it.

/**
 * A path on this service naming the network explicitly, so the URL stays right when a page of
 * one domain shows another network's configuration (getNetworkConfiguration?domain=...).
 */
export const networkLogoUrl = (networkId: number) => `/tenant/logo?networkId=${networkId}`;

/** The Host's own logo: what index.html uses for the favicon and the first-paint header. */
export const HOST_LOGO_URL = '/tenant/logo';
