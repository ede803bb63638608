// The address of the person calling (decision 0024): the socket's peer, unless the peer is a
// trusted proxy (TRUSTED_PROXIES: the tenant service, which forwards every /api call), whose
// X-Forwarded-For then names the client. A header from any other caller is ignored, so nobody can
// pass for another address by writing it.
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from '../security/trusted-proxies.ts';
import type { AppEnv } from './app-env.ts';

/** A call that came without a socket (a test's app.request()). */
export const UNKNOWN_ADDRESS = 'unknown';

/** The socket's peer, when the call came over a socket. */
export function peerAddressOf(c: Context<AppEnv>): string | undefined {
  return c.env?.incoming?.socket?.remoteAddress;
}

export function clientAddressOf(c: Context<AppEnv>, trustProxy: TrustProxy): string {
  const peer = peerAddressOf(c);
  if (!peer) return UNKNOWN_ADDRESS;
  const forwardedFor = c.req.header('x-forwarded-for');
  const address = proxyAddr(
    { socket: { remoteAddress: peer }, headers: { 'x-forwarded-for': forwardedFor } } as never,
    trustProxy,
  );
  // A trusted proxy that forwarded something other than an address: its own address stands.
  return ipaddr.isValid(address) ? address : peer;
}

/** Whether the client reached the shop over https: the trusted proxy says so, or our own URL does. */
export function isSecureRequest(c: Context<AppEnv>, trustProxy: TrustProxy): boolean {
  const peer = peerAddressOf(c);
  const forwardedProto = c.req.header('x-forwarded-proto');
  if (peer && forwardedProto && trustProxy(peer, 0)) return forwardedProto.trim().toLowerCase() === 'https';
  return new URL(c.req.url).protocol === 'https:';
}
