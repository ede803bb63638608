// Reads request headers without building a Fetch Headers object when running on Node.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';

/**
 * On @hono/node-server the Fetch `Headers` of a request are built lazily on first access; Node
 * has already parsed them, so the hot routes read Node's object (names must be lower-case).
 */
export function requestHeader(c: Context<AppEnv>, name: string): string | undefined {
  const incoming = c.env?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The value of one cookie in a Cookie header, without parsing the others. */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  let start = 0;
  while (start < cookieHeader.length) {
    let end = cookieHeader.indexOf(';', start);
    if (end === -1) end = cookieHeader.length;
    const equals = cookieHeader.indexOf('=', start);
    if (equals !== -1 && equals < end && cookieHeader.slice(start, equals).trim() === name) {
      const value = cookieHeader.slice(equals + 1, end).trim();
      return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
    }
    start = end + 1;
  }
  return undefined;
}
