import { LOGIN_COOKIE_BASE_NAME, WEAK_PASSWORD_STATUSES } from '@vestibule/contract/constants';
import type { interactionPolicy, KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/database';
import { isFirstPartyClientId, restrictionOf } from '../../http/authenticate';
import { findLiveSession, type LiveSession, type SessionLifetime } from '../../security/session.queries';

// oidc-provider's interaction policy is passed in by provider.ts (the only module that imports the
// package's values), so that this module, used by every portal logout, does not load it: the
// package loads with the first /oauth request (decision 0059).
//
// The authorization server has no login of its own: the portal session (its HttpOnly login
// cookie) is the authentication, and its login time and methods are the ID token's auth_time and
// amr (docs/decisions/0007, 0030).

export interface PortalSessionOptions {
  db: Db;
  edition: { id: string };
  cookieName: string;
  /** The configured absolute and idle lifetime of portal sessions (SESSION_*_DAYS). */
  lifetime: SessionLifetime;
}

const looked = new WeakMap<KoaContextWithOIDC, Promise<LiveSession | undefined>>();

/** The live portal session of the browser, if it belongs to the authorization server's user. */
export function portalSessionOf(
  ctx: KoaContextWithOIDC,
  options: PortalSessionOptions,
): Promise<LiveSession | undefined> {
  let found = looked.get(ctx);
  if (!found) {
    const token = ctx.cookies.get(options.cookieName, { signed: false });
    found = token ? findLiveSession(options.db, token, options.lifetime) : Promise.resolve(undefined);
    looked.set(ctx, found);
  }
  return found.then((session) =>
    session &&
    session.edition === options.edition.id &&
    String(session.userId) === ctx.oidc.session?.accountId &&
    !(WEAK_PASSWORD_STATUSES as readonly number[]).includes(session.passwordStatus)
      ? session
      : undefined,
  );
}

export const epochSeconds = (date: Date) => Math.floor(new Date(date).getTime() / 1000);

export function loginCookieName(cookiePrefix: string): string {
  return `${cookiePrefix}${LOGIN_COOKIE_BASE_NAME}`;
}

/**
 * Login prompt check `portal_session`: an authorization goes through without /approve only when
 * the browser's portal login cookie belongs to a live session of the same user (and not a
 * weak-password one, nor one whose forced MFA setup is pending on the way to a first-party client). The provider's session then takes that login's time and methods, so a
 * silent authorization's ID token says when and how the user really authenticated.
 */
export function portalSessionCheck(options: PortalSessionOptions, policy: typeof interactionPolicy) {
  return new policy.Check(
    'portal_session',
    'the portal session is required',
    'login_required',
    async (ctx: KoaContextWithOIDC) => {
      if (ctx.oidc.result?.login) return policy.Check.NO_NEED_TO_PROMPT;
      const portal = await portalSessionOf(ctx, options);
      if (!portal) return policy.Check.REQUEST_PROMPT;
      // A forced MFA setup on the way to the portal's own platforms goes by /approve, which holds it.
      if (
        isFirstPartyClientId(String(ctx.oidc.client?.clientId)) &&
        (await restrictionOf(options.db, portal)) === 'mfa_setup_required'
      )
        return policy.Check.REQUEST_PROMPT;
      const session = ctx.oidc.session;
      const loginTs = epochSeconds(portal.authenticatedAt);
      if (
        session &&
        (session.loginTs !== loginTs || JSON.stringify(session.amr) !== JSON.stringify(portal.amr))
      ) {
        session.loginTs = loginTs;
        // The session proxy marks itself touched, so the provider saves it with the request.
        session.amr = portal.amr;
      }
      return policy.Check.NO_NEED_TO_PROMPT;
    },
  );
}

/**
 * Login prompt check `max_age` (OpenID Connect Core 3.1.2.1), in place of the provider's: the age
 * that counts is the portal login's, since that is the user's last real authentication.
 */
export function maxAgeCheck(options: PortalSessionOptions, policy: typeof interactionPolicy) {
  return new policy.Check(
    'max_age',
    'End-User authentication could not be obtained',
    'login_required',
    async (ctx: KoaContextWithOIDC) => {
      const maxAge = ctx.oidc.params?.max_age;
      if (maxAge === undefined || ctx.oidc.result?.login) return policy.Check.NO_NEED_TO_PROMPT;
      const portal = await portalSessionOf(ctx, options);
      if (!portal) return policy.Check.REQUEST_PROMPT;
      const age = Math.floor(Date.now() / 1000) - epochSeconds(portal.authenticatedAt);
      return age > Number(maxAge) ? policy.Check.REQUEST_PROMPT : policy.Check.NO_NEED_TO_PROMPT;
    },
  );
}
