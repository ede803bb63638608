// Card sign-in (has_media_signin, decision 0032): the guard of its pages, and the card a search
// found no account for, kept in session storage (the spec's mediaForSignIn) until the account
// registered with it has linked it.
import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import { mediaNumberSchema } from '@transit-shop/sdk/contract/media';
import { birthdaySchema } from '@transit-shop/sdk/validation/birthday';
import { redirect } from 'react-router';
import { z } from 'zod';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { redirectTargetOf } from '../../../lib/session/redirect-target.ts';
import { getSessionRuntime, type SessionRuntime } from '../../../lib/session/session-runtime.ts';

/** The session storage key of the card kept between the search and the registration. */
export const MEDIA_FOR_SIGN_IN_KEY = 'mediaForSignIn';

const keptMediaSchema = z.object({
  mediaNumber: mediaNumberSchema,
  /** Null when the network hides the birth date (NET-06). */
  birthDate: birthdaySchema.nullable(),
});
export type KeptMedia = z.output<typeof keptMediaSchema>;

export function keepMediaForSignIn(media: KeptMedia): void {
  try {
    sessionStorage.setItem(MEDIA_FOR_SIGN_IN_KEY, JSON.stringify(media));
  } catch {
    // Storage refused (private mode): the registration page sends back to the search.
  }
}

/** The card kept by the search; null when there is none or it cannot be read. */
export function keptMediaForSignIn(): KeptMedia | null {
  try {
    const parsed = keptMediaSchema.safeParse(
      JSON.parse(sessionStorage.getItem(MEDIA_FOR_SIGN_IN_KEY) ?? 'null'),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetMediaForSignIn(): void {
  try {
    sessionStorage.removeItem(MEDIA_FOR_SIGN_IN_KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * The card sign-in pages exist only where the network has has_media_signin, otherwise the sign-in
 * page; a traveller signed in already goes on to where they were going.
 */
export async function requireMediaSignIn(request: Request): Promise<SessionRuntime> {
  const runtime = await getSessionRuntime();
  if (!runtime.network.configuration.has_media_signin) {
    const url = new URL(request.url);
    throw redirect(`${localePath(splitLocale(url.pathname).locale, paths.auth)}${url.search}`);
  }
  if (sessionStatusOf(runtime.actor.getSnapshot()) === 'loggedIn') throw redirect(redirectTargetOf(request));
  return runtime;
}
