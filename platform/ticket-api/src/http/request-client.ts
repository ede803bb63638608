// What a call knows of who is calling (decision 0024): the client's address (through the trusted
// proxy) and the device cookie, which a successful sign-in sets: random, HttpOnly, SameSite=Strict,
// Secure over https, a year long, sent back only to the API base.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { PUBLIC_API_BASE } from '../services/account/picture-url.ts';
import type { AppEnv } from './app-env.ts';
import { clientAddressOf, isSecureRequest } from './client-address.ts';

export const DEVICE_COOKIE = 'device';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** A token of ours is 43 base64url characters; anything else is not one. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type RequestClient = {
  /** The client's address (UNKNOWN_ADDRESS without a socket). */
  readonly address: string;
  /** The device cookie's token, when the browser sent a well-formed one. */
  readonly deviceToken: string | undefined;
  /** Sets the device cookie on the answer. */
  setDeviceToken(token: string): void;
};

export function requestClientOf(c: Context<AppEnv>): RequestClient {
  const { trustProxy } = c.var.deps;
  let address: string | undefined;
  return {
    get address() {
      address ??= clientAddressOf(c, trustProxy);
      return address;
    },
    get deviceToken() {
      const token = getCookie(c, DEVICE_COOKIE);
      return token && DEVICE_TOKEN.test(token) ? token : undefined;
    },
    setDeviceToken(token: string) {
      setCookie(c, DEVICE_COOKIE, token, {
        httpOnly: true,
        secure: isSecureRequest(c, trustProxy),
        sameSite: 'Strict',
        path: PUBLIC_API_BASE,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
    },
  };
}
