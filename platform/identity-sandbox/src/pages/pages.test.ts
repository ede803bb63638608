// The sign-in and error pages as a browser without JavaScript gets them: the language chosen from the
// authorization request, then Accept-Language, then the issuer's own; labels tied to their inputs;
// every value escaped.
import { beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, relyingParty, startTestSandbox, type TestSandbox } from '../test-support/sandbox.ts';
import { LOCALES, type Locale } from './locale.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});

const EXPECTED: Record<
  Locale,
  { dir: string; heading: string; username: string; password: string; signIn: string; cancel: string }
> = {
  fr: {
    dir: 'ltr',
    heading: 'Se connecter avec',
    username: 'Identifiant ou adresse e-mail',
    password: 'Mot de passe',
    signIn: 'Se connecter',
    cancel: 'Annuler',
  },
  en: {
    dir: 'ltr',
    heading: 'Sign in with',
    username: 'Username or email',
    password: 'Password',
    signIn: 'Sign in',
    cancel: 'Cancel',
  },
  ar: {
    dir: 'rtl',
    heading: 'تسجيل الدخول عبر',
    username: 'اسم المستخدم أو البريد الإلكتروني',
    password: 'كلمة المرور',
    signIn: 'تسجيل الدخول',
    cancel: 'إلغاء',
  },
  it: {
    dir: 'ltr',
    heading: 'Accedi con',
    username: 'Nome utente o email',
    password: 'Password',
    signIn: 'Accedi',
    cancel: 'Annulla',
  },
  es: {
    dir: 'ltr',
    heading: 'Iniciar sesión con',
    username: 'Usuario o correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    cancel: 'Cancelar',
  },
};

async function signInPage(
  path: string,
  networkSlug: string,
  parameters: Record<string, string> = {},
  acceptLanguage?: string,
) {
  const rp = await relyingParty({
    issuerUrl: sandbox.issuerUrl(path),
    client: sandbox.clientOf(path, networkSlug),
  });
  const page = await createBrowser({ acceptLanguage }).open(rp.authorizationUrl(parameters), rp.redirectUri);
  expect(page.status).toBe(200);
  return { ...page, rp };
}

const languageOf = (page: string) => /<html lang="([a-z]+)" dir="(ltr|rtl)">/.exec(page)?.slice(1);

describe('the sign-in page', () => {
  it.each(LOCALES)('%s: in its language and direction, labels tied to the inputs', async (locale) => {
    const { text, response, rp } = await signInPage('/realms/lakeside', 'lakeside', { ui_locales: locale });
    const expected = EXPECTED[locale];
    expect(text).toContain(`<html lang="${locale}" dir="${expected.dir}">`);
    expect(response.headers.get('content-language')).toBe(locale);
    expect(text).toContain(`<h1>${expected.heading} \u2068Lakeside ID\u2069</h1>`);
    expect(text.match(/<h1>/g)).toHaveLength(1);
    expect(text).toContain(`<label for="username">${expected.username}</label>`);
    expect(text).toContain(`<label for="password">${expected.password}</label>`);
    expect(text).toMatch(/<input id="username" name="username" type="text" autocomplete="username"/);
    expect(text).toMatch(
      /<input id="password" name="password" type="password" autocomplete="current-password"/,
    );
    expect(text).toContain(`value="sign-in" class="primary">${expected.signIn}</button>`);
    expect(text).toContain(`value="cancel" class="secondary" formnovalidate>${expected.cancel}</button>`);
    expect(text).not.toContain('<script');
    // The form's redirects end on the shop: Chromium checks form-action all the way.
    expect(response.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${new URL(rp.redirectUri).origin}`,
    );
  });

  it('takes the first language of ui_locales it offers, whatever the region', async () => {
    expect(
      languageOf((await signInPage('/realms/lakeside', 'lakeside', { ui_locales: 'de it-CH fr' })).text),
    ).toEqual(['it', 'ltr']);
    expect(
      languageOf((await signInPage('/realms/lakeside', 'lakeside', { ui_locales: 'ar-MA' })).text),
    ).toEqual(['ar', 'rtl']);
  });

  it("then the browser's languages, then English for a realm and French for FranceConnect", async () => {
    expect(
      languageOf((await signInPage('/realms/lakeside', 'lakeside', {}, 'de-CH, es;q=0.8, fr;q=0.5')).text),
    ).toEqual(['es', 'ltr']);
    expect(languageOf((await signInPage('/realms/lakeside', 'lakeside', {}, 'de')).text)).toEqual([
      'en',
      'ltr',
    ]);
    expect(languageOf((await signInPage('/realms/lakeside', 'lakeside')).text)).toEqual(['en', 'ltr']);
    const franceConnect = await signInPage('/franceconnect', 'lumiere');
    expect(languageOf(franceConnect.text)).toEqual(['fr', 'ltr']);
    expect(franceConnect.text).toContain('<h1>Se connecter avec \u2068FranceConnect (sandbox)\u2069</h1>');
  });

  it('names the realm as the network does, and escapes what the request brings', async () => {
    const { text } = await signInPage('/realms/lumiere', 'lumiere', {
      ui_locales: 'fr',
      login_hint: '"><script>alert(1)</script>',
    });
    expect(text).toContain('<h1>Se connecter avec \u2068Compte Lumière\u2069</h1>');
    expect(text).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(text).not.toContain('<script>');
  });
});

describe('the error pages', () => {
  it("explain a refused authorization in the request's language", async () => {
    const rp = await relyingParty({
      issuerUrl: sandbox.issuerUrl('/realms/lumiere'),
      client: sandbox.clientOf('/realms/lumiere', 'lumiere'),
    });
    const answer = await createBrowser().request(
      rp.authorizationUrl({ ui_locales: 'ar', redirect_uri: 'https://elsewhere.example/' }),
    );
    expect(answer.status).toBe(400);
    expect(languageOf(answer.text)).toEqual(['ar', 'rtl']);
    expect(answer.text).toContain('<h1>لا يمكن متابعة تسجيل الدخول</h1>');
    expect(answer.text).toContain('<code dir="ltr">invalid_redirect_uri</code>');
  });

  it('say when a sign-in page has expired or is not this browser’s', async () => {
    const answer = await createBrowser({ acceptLanguage: 'it' }).request(
      `${sandbox.issuerUrl('/realms/lakeside')}/interaction/not-an-interaction`,
    );
    expect(answer.status).toBe(400);
    expect(languageOf(answer.text)).toEqual(['it', 'ltr']);
    expect(answer.text).toContain('Questa pagina di accesso è scaduta o è già stata usata.');
  });
});
