// Writing answers on Node's response: JSON, pages with their content security policy, the headers
// every answer carries, and reading a small request body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentSecurityPolicy, securityHeaders } from '@transit-shop/service-kit/security-headers';
import type { Page } from '../pages/layout.ts';

/** Every answer: never framed or sniffed, no referrer (codes travel in URLs), nothing cached. */
export const BASE_HEADERS = securityHeaders({
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  // oidc-provider adds the hash of its own inline script (response_mode=form_post) to script-src.
  'content-security-policy': pagePolicy(),
});

/**
 * The pages' policy. form-action lists where the form's redirects may lead: Chromium applies it to
 * every redirect after a form is sent, and the sign-in ends on the shop's redirect URI.
 */
export function pagePolicy(formTargets: readonly string[] = []): string {
  return contentSecurityPolicy({
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    ...(formTargets.length > 0 && { 'form-action': ["'self'", ...new Set(formTargets)] }),
  });
}

/** The origin of a URL, for form-action; nothing when it is not one. */
export function originOf(url: unknown): string[] {
  if (typeof url !== 'string') return [];
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? [] : [origin];
  } catch {
    return [];
  }
}

export function applyBaseHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(BASE_HEADERS)) res.setHeader(name, value);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status: number) {
  res.writeHead(status);
  res.end();
}

export function sendPage(
  res: ServerResponse,
  status: number,
  page: Page,
  formTargets: readonly string[] = [],
) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-language': page.locale,
    'content-security-policy': pagePolicy(formTargets),
    'content-length': Buffer.byteLength(page.html),
  });
  res.end(page.html);
}

export class BodyTooLarge extends Error {}

/** The whole body as text, refused past `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge(`the body is over ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The media type of the request, without its parameters, in lower case. */
export const mediaTypeOf = (req: IncomingMessage) =>
  (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
