// The sandbox's pages: sign-in, sign-out confirmation, signed out, and the error page. Plain HTML
// forms that work without JavaScript; every value from a request or a tenant file is escaped.
import { Html, html } from '@transit-shop/service-kit/html';
import { isolate, type Page, renderPage } from './layout.ts';
import type { Locale } from './locale.ts';

export function signInPage(options: {
  locale: Locale;
  /** Where the sign-in is: the network's name for its realm, or FranceConnect. */
  providerLabel: string;
  /** The form's action: this interaction's own address. */
  action: string;
  username: string;
  failed: boolean;
}): Page {
  const provider = isolate(options.providerLabel);
  const invalid = options.failed ? new Html(' aria-invalid="true" aria-describedby="sign-in-error"') : '';
  return renderPage({
    locale: options.locale,
    title: (t) => t.signInHeading(provider),
    body: (t) => html`<h1>${t.signInHeading(provider)}</h1>
<p class="intro">${t.signInIntro}</p>
${options.failed ? html`<div class="error-summary" role="alert" id="sign-in-error"><p>${t.wrongCredentials}</p></div>` : ''}
<form method="post" action="${options.action}">
<div class="field">
<label for="username">${t.username}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" dir="ltr" required value="${options.username}"${invalid}${options.username ? '' : new Html(' autofocus')}>
</div>
<div class="field">
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" dir="ltr" required${invalid}${options.username ? new Html(' autofocus') : ''}>
</div>
<div class="actions">
<button type="submit" name="action" value="sign-in" class="primary">${t.signIn}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${t.cancel}</button>
</div>
</form>`,
  });
}

/**
 * The confirmation oidc-provider asks for when a logout request does not prove which session it
 * ends (no ID token of the signed-in user). `form` is oidc-provider's hidden form, which the two
 * buttons submit: with logout=yes the whole session ends, without it only the asking shop's part.
 */
export function signOutPage(options: { locale: Locale; providerLabel: string; form: string }): Page {
  const provider = isolate(options.providerLabel);
  return renderPage({
    locale: options.locale,
    title: (t) => t.signOutHeading(provider),
    body: (t) => html`<h1>${t.signOutHeading(provider)}</h1>
<p>${t.signOutText}</p>
${new Html(options.form)}
<div class="actions">
<button type="submit" form="op.logoutForm" name="logout" value="yes" class="primary">${t.signOut}</button>
<button type="submit" form="op.logoutForm" class="secondary">${t.staySignedIn}</button>
</div>`,
  });
}

export function signedOutPage(options: { locale: Locale; providerLabel: string }): Page {
  const provider = isolate(options.providerLabel);
  return renderPage({
    locale: options.locale,
    title: (t) => t.signedOutHeading,
    body: (t) => html`<h1>${t.signedOutHeading}</h1>
<p>${t.signedOutText(provider)}</p>`,
  });
}

export function errorPage(options: {
  locale: Locale;
  code: string;
  /** oidc-provider's description, in English, for the developer of the shop. */
  detail?: string | undefined;
  expired?: boolean;
}): Page {
  return renderPage({
    locale: options.locale,
    title: (t) => t.errorHeading,
    body: (t) => html`<h1>${t.errorHeading}</h1>
${options.expired ? html`<p>${t.expiredText}</p>` : ''}
<p>${t.errorText}</p>
<p>${t.errorCode} <code dir="ltr">${options.code}</code></p>
${options.detail ? html`<p lang="en" dir="ltr"><code>${options.detail}</code></p>` : ''}`,
  });
}
