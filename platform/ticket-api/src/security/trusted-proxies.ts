// The proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES, decision 0024), compiled
// once from the environment's list; http/client-address.ts reads a call's address with it.
import proxyAddr from 'proxy-addr';

/** Whether a hop's address is a proxy to trust (proxy-addr's compiled form). */
export type TrustProxy = (address: string, hop: number) => boolean;

/** `none`, or addresses, CIDR ranges and proxy-addr's names (loopback, linklocal, uniquelocal). */
export function compileTrustedProxies(list: readonly string[]): TrustProxy {
  const entries = list.filter((entry) => entry !== 'none');
  return entries.length === 0 ? () => false : proxyAddr.compile([...entries]);
}
