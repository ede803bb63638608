// The sign-in pages oidc-provider sends the browser to (interactions.url): GET shows the form, POST
// checks the password and finishes the interaction with the login and a grant of what the shop asked
// (the shops are first-party clients: no consent screen), or with access_denied on Cancel. The
// interaction cookie oidc-provider set binds the page to this browser; the uid in the path must be its.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import { BodyTooLarge, mediaTypeOf, originOf, readBody, sendEmpty, sendPage } from '../http/answers.ts';
import type { SandboxIssuer } from '../issuers/sandbox-issuers.ts';
import type { Logger } from '../logger.ts';
import { defaultLocaleOf, issuerLabel, kindOf } from '../oidc/issuer-provider.ts';
import { chooseLocale } from '../pages/locale.ts';
import { errorPage, signInPage } from '../pages/views.ts';
import type { UserDirectory } from '../users/user-directory.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const FORM_LIMIT = 16 * 1024;

export const CANCELLED: InteractionResults = {
  error: 'access_denied',
  error_description: 'The user cancelled the sign-in',
};

export function createInteractionHandler(options: {
  provider: Provider;
  issuer: SandboxIssuer;
  directory: UserDirectory;
  logger: Logger;
}) {
  const { provider, issuer, directory, logger } = options;

  const localeOf = (req: IncomingMessage, res: ServerResponse, interaction?: Interaction) => {
    const koa = provider.createContext(req, res);
    return chooseLocale({
      uiLocales: interaction?.params.ui_locales,
      acceptLanguage: req.headers['accept-language'],
      acceptsLanguages: (languages) => koa.acceptsLanguages(languages),
      fallback: defaultLocaleOf(issuer),
    });
  };

  /** A grant of what the authorization asked, the user's own (an earlier one of another user is not reused). */
  async function grantFor(interaction: Interaction, accountId: string): Promise<string> {
    const { Grant } = provider;
    const earlier = interaction.grantId ? await Grant.find(interaction.grantId) : undefined;
    const grant =
      earlier?.accountId === accountId
        ? earlier
        : new Grant({ accountId, clientId: String(interaction.params.client_id) });
    grant.addOIDCScope(typeof interaction.params.scope === 'string' ? interaction.params.scope : 'openid');
    const { missingOIDCScope, missingOIDCClaims } = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
    };
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope);
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    return grant.save();
  }

  /** An interaction that only lacks consent (a shop asking more scopes later): granted at once. */
  async function grantConsent(req: IncomingMessage, res: ServerResponse, interaction: Interaction) {
    const accountId = interaction.session?.accountId;
    if (!accountId) throw new errors.SessionNotFound('the interaction has no signed-in user');
    const grantId = await grantFor(interaction, accountId);
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  function showForm(
    req: IncomingMessage,
    res: ServerResponse,
    interaction: Interaction,
    form: { username: string; failed: boolean },
  ) {
    const page = signInPage({
      locale: localeOf(req, res, interaction),
      providerLabel: issuerLabel(issuer, interaction.params.client_id),
      action: `${issuer.path}/interaction/${interaction.uid}`,
      ...form,
    });
    // The form's redirects end on the shop's redirect URI, with the code or the error.
    sendPage(res, form.failed ? 401 : 200, page, originOf(interaction.params.redirect_uri));
  }

  async function submit(req: IncomingMessage, res: ServerResponse, interaction: Interaction) {
    if (mediaTypeOf(req) !== 'application/x-www-form-urlencoded') {
      sendPage(res, 415, errorPage({ locale: localeOf(req, res, interaction), code: 'invalid_request' }));
      return;
    }
    const form = new URLSearchParams(await readBody(req, FORM_LIMIT));
    if (form.get('action') === 'cancel') {
      await provider.interactionFinished(req, res, CANCELLED, { mergeWithLastSubmission: false });
      return;
    }
    if (interaction.prompt.name !== 'login') {
      await grantConsent(req, res, interaction);
      return;
    }
    const username = form.get('username') ?? '';
    const user = await directory.authenticate(username, form.get('password') ?? '');
    if (!user) {
      logger.info({ issuer: issuer.path }, 'sign-in refused: wrong username or password');
      showForm(req, res, interaction, { username, failed: true });
      return;
    }
    const login =
      kindOf(issuer) === 'franceconnect'
        ? { accountId: user.sub, acr: 'eidas1', amr: ['pwd'] }
        : { accountId: user.sub, amr: ['pwd'] };
    const grantId = await grantFor(interaction, user.sub);
    logger.info({ issuer: issuer.path, sub: user.sub }, 'signed in');
    await provider.interactionFinished(
      req,
      res,
      { login, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  return async function handleInteraction(req: IncomingMessage, res: ServerResponse, uid: string) {
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.setHeader('allow', 'GET, POST');
      sendEmpty(res, 405);
      return;
    }
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(req, res);
      if (interaction.uid !== uid) throw new errors.SessionNotFound('another interaction is under way');
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
      sendPage(res, 400, errorPage({ locale: localeOf(req, res), code: error.error, expired: true }));
      return;
    }
    try {
      if (req.method === 'POST') await submit(req, res, interaction);
      else if (interaction.prompt.name === 'login') {
        const hint = interaction.params.login_hint;
        showForm(req, res, interaction, { username: typeof hint === 'string' ? hint : '', failed: false });
      } else await grantConsent(req, res, interaction);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        sendPage(res, 413, errorPage({ locale: localeOf(req, res, interaction), code: 'invalid_request' }));
        return;
      }
      throw error;
    }
  };
}
