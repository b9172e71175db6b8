import { LOGIN_COOKIE_BASE_NAME } from '@vestibule/contract/constants';
import type { Edition } from '@vestibule/contract/editions';
import { SCOPE_CLAIMS, supportedScopes } from '@vestibule/contract/scopes';
import Provider, {
  type Configuration,
  errors,
  interactionPolicy,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { isFirstPartyClientId, restrictionOf } from '../../http/authenticate';
import type { SecretBox } from '../../security/secret-box';
import { findLiveSession, sessionLifetime } from '../sessions/session.queries';
import { findOAuthAccount } from './account';
import { KyselyAdapter } from './adapter';
import { findGrantId } from './grants.queries';
import type { ProviderKeys } from './keys';

/** Lifetimes, in seconds (DESIGN §4: codes single use and short lived). */
export const OAUTH_TTL = {
  AuthorizationCode: 60,
  AccessToken: 15 * 60,
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
}

/**
 * The login prompt also asks for the portal session: the authorization server has no login of
 * its own, so an authorization only goes through without the /approve screen when the browser's
 * portal login cookie belongs to the same user (docs/decisions/0007).
 */
function portalSessionCheck(options: ProviderOptions) {
  const cookieName = `${options.config.cookiePrefix}${LOGIN_COOKIE_BASE_NAME}`;
  return new interactionPolicy.Check(
    'portal_session',
    'the portal session is required',
    'login_required',
    async (ctx: KoaContextWithOIDC) => {
      if (ctx.oidc.result?.login) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      const token = ctx.cookies.get(cookieName, { signed: false });
      const lifetime = sessionLifetime(options.config);
      const session = token ? await findLiveSession(options.db, token, lifetime) : undefined;
      const same =
        session &&
        session.edition === options.edition.id &&
        String(session.userId) === ctx.oidc.session?.accountId;
      if (!same) return interactionPolicy.Check.REQUEST_PROMPT;
      // A weak password, or a forced MFA setup on the way to the portal's platforms, goes by /approve.
      const restriction = await restrictionOf(options.db, session);
      const held =
        restriction === 'weak_password_change_required' ||
        (restriction === 'mfa_setup_required' && isFirstPartyClientId(String(ctx.oidc.client?.clientId)));
      return held ? interactionPolicy.Check.REQUEST_PROMPT : interactionPolicy.Check.NO_NEED_TO_PROMPT;
    },
  );
}

/** The /approve address of an interaction: the SPA screen, with the request as SPEC §7 names it. */
function interactionUrl(
  _ctx: KoaContextWithOIDC,
  interaction: { uid: string; params: Record<string, unknown> },
) {
  const query = new URLSearchParams({ uid: interaction.uid });
  for (const name of ['client_id', 'redirect_uri', 'response_type'] as const) {
    const value = interaction.params[name];
    if (typeof value === 'string') query.set(name, value);
  }
  return `/approve?${query}`;
}

export function createProvider(options: ProviderOptions): Provider {
  const { db, edition, secrets, keys, log } = options;
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(portalSessionCheck(options));

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
    scopes: supportedScopes(edition),
    claims: Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([scope, claims]) => [scope, [...claims]])),
    responseTypes: ['code'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: { enabled: false },
      introspection: {
        enabled: true,
        // A confidential client learns about its own tokens; the first-party platforms about any.
        allowedPolicy: async (_ctx, client, token) =>
          client.clientAuthMethod !== 'none' &&
          (token.clientId === client.clientId || client.metadata().first_party === true),
      },
      // A client revokes its own tokens only.
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
    },
    extraClientMetadata: {
      properties: ['first_party'],
      validator(_ctx, key, value) {
        if (key === 'first_party' && value !== undefined && typeof value !== 'boolean')
          throw new errors.InvalidClientMetadata('first_party must be a boolean');
      },
    },
    findAccount: (_ctx, sub) => findOAuthAccount(db, edition.id, sub),
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
    rotateRefreshToken: () => true,
    expiresWithSession: async () => false,
    clientBasedCORS(_ctx, origin, client) {
      return (client.redirectUris ?? []).some((uri) => URL.canParse(uri) && new URL(uri).origin === origin);
    },
    ttl: { ...OAUTH_TTL },
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
  provider.on('server_error', (_ctx, error) => log.error({ err: error }, 'oauth server error'));
  return provider;
}
