// A session for the account pages' tests: the test session of ./session.ts, with a fake backend
// that also reads multipart forms (the picture upload). A session a provider opened is the user's
// signedInWith (decision 0044).
// biome-ignore-all lint/suspicious/noDocumentCookie: tests set and clear cookies as a browser would
import { screen } from '@testing-library/react';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { Bootstrap } from '@transit-shop/tenancy';
import { writeIdentityCookie, writeTicketCookie } from '../lib/cookies.ts';
import {
  createSessionRuntime,
  installSessionRuntime,
  type SessionRuntime,
} from '../lib/session/session-runtime.ts';
import { resetSessionStatus } from '../lib/session/session-status.ts';
import { fixtureBootstrap } from './fixtures/bootstrap.ts';
import { renderApp } from './render.tsx';
import { fakeTicketBackend, type Handler, type ReceivedCall, stubTenantService } from './session.ts';

/** A file part a multipart call carried; file parts are not signed (decision 0007). */
export type ReceivedFile = { path: string; field: string; size: number };

/** The fake ticket backend, reading multipart calls as their text fields plus the files received. */
export function fakeAccountBackend(handlers: Record<string, Handler>, signingKey: string) {
  const backend = fakeTicketBackend(handlers, signingKey);
  const files: ReceivedFile[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    if (!request.headers.get('content-type')?.startsWith('multipart/form-data'))
      return backend.fetch(request);
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    const fields: Record<string, string> = {};
    for (const [field, value] of await request.formData()) {
      if (typeof value === 'string') fields[field] = value;
      else files.push({ path, field, size: value.size });
    }
    return backend.fetch(
      new Request(request.url, {
        method: request.method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fields),
      }),
    );
  };
  return { fetch: fetch as typeof globalThis.fetch, calls: backend.calls, files };
}

export type AccountSessionOptions = {
  signedInAs: AuthUser;
  handlers?: Record<string, Handler>;
  bootstrap?: Bootstrap;
};

/** Installs the page's session, signed in as the user, on the fake backend. */
export function createAccountSession(options: AccountSessionOptions) {
  const bootstrap = options.bootstrap ?? fixtureBootstrap();
  const user = options.signedInAs;
  const handlers: Record<string, Handler> = {
    'Account/getUser.json': () => ({ ok: { user } }),
    'Account/logout.json': () => ({ ok: {} }),
    ...options.handlers,
  };
  writeIdentityCookie({ idToken: 'id-kept', refreshToken: 'refresh-kept' });
  writeTicketCookie({ userToken: user.userToken, userId: user.userId, guest: user.authAsGuest });
  const backend = fakeAccountBackend(handlers, bootstrap.network.signingKey);
  resetSessionStatus();
  const runtime: SessionRuntime = createSessionRuntime({ bootstrap, fetch: backend.fetch });
  installSessionRuntime(runtime);
  return { runtime, calls: backend.calls, files: backend.files, handlers };
}

/** The whole app at an account page, signed in as the user; resolves once the page's heading shows. */
export async function openAccountPage(
  path: string,
  options: AccountSessionOptions & { heading?: string | RegExp },
) {
  stubTenantService();
  const session = createAccountSession(options);
  const view = await renderApp(path, options.bootstrap ? { bootstrap: options.bootstrap } : {});
  // The first page of a test file loads its code chunks cold.
  await screen.findByRole(
    'heading',
    { level: 1, name: options.heading ?? 'Mon compte' },
    { timeout: 10_000 },
  );
  return { ...session, ...view };
}

/** The payloads the backend received at a call path, without the session and signature fields. */
export function payloadsAt(calls: readonly ReceivedCall[], path: string): Record<string, unknown>[] {
  return calls
    .filter((call) => call.path === path)
    .map(({ payload }) => {
      const { signature: _signature, userToken: _token, ...rest } = payload;
      return rest;
    });
}

/** The text that describes a field to assistive technology (its aria-describedby elements). */
export function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}
