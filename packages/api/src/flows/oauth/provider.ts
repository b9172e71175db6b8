import type { Edition } from '@vestibule/contract/editions';
import { ADMIN_SCOPES } from '@vestibule/contract/schemas/admin';
import { SCOPE_CLAIMS, supportedScopes } from '@vestibule/contract/scopes';
import Provider, {
  type Configuration,
  errors,
  interactionPolicy,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Logger } from 'pino';
import { findGrantId } from '../../account/grants';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { SecretBox } from '../../security/secret-box';
import { sessionLifetime } from '../../security/session.queries';
import { findOAuthAccount, oauthAccount } from './account';
import { KyselyAdapter } from './adapter';
import {
  answerUnsupportedResponseTypes,
  enforceRegisteredSecretMethod,
  notePresentedMethod,
} from './client-checks';
import { answerDatabaseUnavailable } from './database-unavailable';
import { formPagePolicy, logoutSource, postLogoutSuccessSource } from './form-pages';
import type { ProviderKeys } from './keys';
import {
  loginCookieName,
  maxAgeCheck,
  type PortalSessionOptions,
  portalSessionCheck,
} from './portal-session';
import { finishRefreshWrites, takeReadAheadAccount } from './refresh-batch';
import { endPortalSessionOnLogout, linkPortalSession } from './session-links';

/** Lifetimes, in seconds (DESIGN §4: codes single use and short lived). */
export const OAUTH_TTL = {
  AuthorizationCode: 60,
  AccessToken: 15 * 60,
  // A machine client's admin token (decision 0076): short, it asks again.
  ClientCredentials: 10 * 60,
  IdToken: 60 * 60,
  RefreshToken: 30 * 24 * 60 * 60,
  Interaction: 30 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 365 * 24 * 60 * 60,
} as const;

/** Every endpoint lives under /oauth; discovery stays at /.well-known/openid-configuration. */
const ROUTES = {
  authorization: '/oauth/auth',
  token: '/oauth/token',
  userinfo: '/oauth/me',
  jwks: '/oauth/jwks',
  revocation: '/oauth/token/revocation',
  introspection: '/oauth/token/introspection',
  pushed_authorization_request: '/oauth/request',
  end_session: '/oauth/session/end',
  registration: '/oauth/reg',
  code_verification: '/oauth/device',
  device_authorization: '/oauth/device/auth',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
} satisfies Configuration['routes'];

export interface ProviderOptions {
  issuer: string;
  edition: Edition;
  db: Db;
  secrets: SecretBox;
  keys: ProviderKeys;
  config: Config;
  log: Logger;
  /** Clears the portal's login cookie on an answer (RP-initiated logout ends the portal session). */
  clearLoginCookie: (ctx: KoaContextWithOIDC) => void;
  /** Runs after a portal session ended: its other provider sessions end, their clients are told. */
  afterPortalSessionEnded: () => Promise<void>;
}

/** The /approve address of an interaction: the SPA screen, with the request as SPEC §7 names it. */
function interactionUrl(
  _ctx: KoaContextWithOIDC,
  interaction: { uid: string; params: Record<string, unknown> },
) {
  const query = new URLSearchParams({ uid: interaction.uid });
  // login_hint pre-fills the login screen, ui_locales picks its language (docs/decisions/0034).
  for (const name of ['client_id', 'redirect_uri', 'response_type', 'login_hint', 'ui_locales'] as const) {
    const value = interaction.params[name];
    if (typeof value === 'string') query.set(name, value);
  }
  return `/approve?${query}`;
}

export function createProvider(options: ProviderOptions): Provider {
  const { db, edition, secrets, keys, config, log } = options;
  const portal: PortalSessionOptions = {
    db,
    edition,
    cookieName: loginCookieName(config.cookiePrefix),
    lifetime: sessionLifetime(config),
  };
  const policy = interactionPolicy.base();
  const loginChecks = policy.get('login')?.checks;
  // max_age counts from the portal login (the user's last real authentication), not the provider's.
  loginChecks?.remove('max_age');
  loginChecks?.add(maxAgeCheck(portal, interactionPolicy));
  loginChecks?.add(portalSessionCheck(portal, interactionPolicy));
  const logout = endPortalSessionOnLogout({
    ...portal,
    clearLoginCookie: options.clearLoginCookie,
    afterEnd: options.afterPortalSessionEnded,
  });

  const configuration: Configuration = {
    adapter: (model: string) => new KyselyAdapter(model, db, { edition: edition.id, secrets }),
    jwks: keys.jwks,
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      // Path / (the default is the interaction's path): the SPA's /api/authorize calls carry the
      // signed interaction cookie, which binds the consent to the browser that started it.
      short: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    routes: ROUTES,
    // Admin scopes are registered only on machine clients, which get client-credentials tokens only.
    scopes: [...supportedScopes(edition), ...ADMIN_SCOPES],
    claims: {
      ...Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([scope, claims]) => [scope, [...claims]])),
      // How the user authenticated (RFC 8176): every ID token says it (the openid scope's claims).
      openid: [...(SCOPE_CLAIMS.openid ?? []), 'amr'],
    },

    responseTypes: ['code'],
    // Discovery lists exactly these (token_endpoint_auth_methods_supported and the others).
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    features: {
      devInteractions: { enabled: false },
      // RP-initiated logout ends the portal session too; back-channel logout tells the clients
      // when a portal session ends (docs/decisions/0033).
      rpInitiatedLogout: { enabled: true, logoutSource: logoutSource(edition), postLogoutSuccessSource },
      backchannelLogout: { enabled: true },
      resourceIndicators: { enabled: false },
      introspection: {
        enabled: true,
        // A confidential client learns about its own tokens; the first-party platforms about any.
        allowedPolicy: async (_ctx, client, token) =>
          client.clientAuthMethod !== 'none' &&
          (token.clientId === client.clientId || client.metadata().first_party === true),
      },
      // A client revokes its own tokens only; another's answers unauthorized_client (RFC 7009 §2.1).
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => {
          if (token.clientId !== client.clientId)
            throw new errors.UnauthorizedClient('the token was not issued to this client');
          return true;
        },
      },
      userinfo: { enabled: true },
      // Machine clients of the admin API (decision 0076): their grant type is client_credentials only.
      clientCredentials: { enabled: true },
    },
    extraClientMetadata: {
      properties: ['first_party'],
      validator(_ctx, key, value) {
        if (key === 'first_party' && value !== undefined && typeof value !== 'boolean')
          throw new errors.InvalidClientMetadata('first_party must be a boolean');
      },
    },
    findAccount(ctx, sub) {
      // A refresh grant read its account with its refresh token (refresh-batch.ts).
      const readAhead = takeReadAheadAccount(ctx, sub);
      if (readAhead) return readAhead.row ? oauthAccount(sub, readAhead.row) : undefined;
      return findOAuthAccount(db, edition.id, sub);
    },
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const grantId =
        ctx.oidc.result?.consent?.grantId ??
        (accountId && ctx.oidc.client
          ? await findGrantId(db, accountId, ctx.oidc.client.clientId)
          : undefined);
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    interactions: { policy, url: interactionUrl },
    // Refresh tokens for every code grant, rotated at each use; a rotated one used again revokes the grant.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // Codes and tokens without offline_access live only as long as the browser session they were
    // issued in (decision 0069): a portal logout, however it happens, ends them and their consent.
    expiresWithSession: async (_ctx, issued) => !issued.scopes.has('offline_access'),
    clientBasedCORS(_ctx, origin, client) {
      return (client.redirectUris ?? []).some((uri) => URL.canParse(uri) && new URL(uri).origin === origin);
    },
    ttl: { ...OAUTH_TTL },
    // Outgoing calls (back-channel logout) keep the provider's SSRF guard, which refuses private and
    // loopback addresses; outside production a loopback relying party (tests, a developer's
    // machine, the e2e partner app) is let through, as the admin CLI allows http on loopback.
    fetch: (url, init) => {
      const { hostname } = new URL(url);
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
      if (loopback && !config.production) delete (init as { dispatcher?: unknown }).dispatcher;
      return globalThis.fetch(url, init);
    },
    // Errors that cannot go back to the client (unknown client, unregistered redirect_uri) land on
    // the partner page with the invalid-partner text, instead of an HTML page of the provider.
    async renderError(ctx, out, error) {
      log.info(
        { error: out.error, description: out.error_description, cause: String(error) },
        'oauth error page',
      );
      const query = new URLSearchParams({ error: out.error });
      const clientId = ctx.oidc?.params?.client_id;
      if (typeof clientId === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(clientId))
        query.set('client_id', clientId);
      ctx.status = 303;
      ctx.redirect(`/partner?${query}`);
    },
  };

  const provider = new Provider(options.issuer, configuration);
  // Host, scheme and client address come from server.ts (pinToIssuer), never from the caller.
  provider.proxy = true;
  answerUnsupportedResponseTypes(provider, configuration.responseTypes ?? []);
  enforceRegisteredSecretMethod(provider);
  provider.use(finishRefreshWrites(db));
  provider.use(notePresentedMethod);
  provider.use(formPagePolicy);
  provider.use(linkPortalSession(portal));
  provider.use(logout.middleware);
  provider.on('end_session.success', logout.loggedOut);
  answerDatabaseUnavailable(provider, log);
  return provider;
}
