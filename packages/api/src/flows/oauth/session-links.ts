import { sql } from 'kysely';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from 'pino';
import { revokeGrants } from '../../account/grants';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { deleteSession, findLiveSession } from '../../security/session.queries';
import { type PortalSessionOptions, portalSessionOf } from './portal-session';

// A portal session and the authorization server's browser sessions that rode on it
// (oauth_session_links, docs/decisions/0033). When the portal session ends — logout, global
// logout, a session ended in the Security tab, a password reset, expiry — its provider sessions
// end too, every client registered for OpenID Connect Back-Channel Logout 1.0 is told, and the
// grants given in them without offline_access are revoked (decision 0069).

type Next = () => Promise<void>;

/**
 * Links handled per sweep: a logout waits for its own relying parties, not for a backlog (expired
 * sessions since the last purge); the 10-minute purge takes the rest.
 */
const SWEEP_BATCH = 100;

/**
 * Koa middleware: after an authorization (or its resume), the provider's session is linked to the
 * browser's portal session of the same user. A later authorization re-links it to a newer one.
 */
export function linkPortalSession(options: PortalSessionOptions) {
  return async (ctx: KoaContextWithOIDC, next: Next) => {
    await next();
    const route = ctx.oidc?.route;
    if (route !== 'authorization' && route !== 'resume') return;
    const session = ctx.oidc.session;
    if (!session?.accountId || !session.uid) return;
    const portal = await portalSessionOf(ctx, options);
    if (!portal) return;
    await options.db
      .insertInto('oauth_session_links')
      .values({ session_uid: session.uid, portal_session_id: portal.sessionId, issuer: ctx.oidc.issuer })
      .onConflict((oc) =>
        oc
          .column('session_uid')
          .doUpdateSet({ portal_session_id: portal.sessionId, issuer: ctx.oidc.issuer }),
      )
      .execute();
  };
}

/**
 * Koa middleware: RP-initiated logout ends the portal session of the browser too. The provider
 * has just destroyed its own session (and told the back-channel clients of it); here the portal
 * session behind the login cookie ends, with its audit row, and the cookie is cleared.
 */
export function endPortalSessionOnLogout(
  options: PortalSessionOptions & {
    clearLoginCookie: (ctx: KoaContextWithOIDC) => void;
    afterEnd: () => Promise<void>;
  },
) {
  const loggedOut = new WeakSet<KoaContextWithOIDC>();
  const middleware = async (ctx: KoaContextWithOIDC, next: Next) => {
    await next();
    if (ctx.oidc?.route !== 'end_session_confirm' || !loggedOut.has(ctx)) return;
    const token = ctx.cookies.get(options.cookieName, { signed: false });
    const portal = token ? await findLiveSession(options.db, token, options.lifetime) : undefined;
    if (portal && portal.edition === options.edition.id) {
      await options.db.transaction().execute(async (trx) => {
        await deleteSession(trx, portal.sessionId);
        const clientId = ctx.oidc.client?.clientId;
        await audit(trx, {
          kind: 'logout',
          userId: portal.userId,
          edition: portal.edition,
          detail: { rp_initiated: true, ...(clientId ? { client_id: clientId } : {}) },
        });
      });
      await options.afterEnd();
    }
    if (token) options.clearLoginCookie(ctx);
  };
  return { middleware, loggedOut: (ctx: KoaContextWithOIDC) => loggedOut.add(ctx) };
}

/**
 * Ends the provider sessions whose portal session is gone or expired (up to SWEEP_BATCH, in
 * parallel), and sends each of their clients with a backchannel_logout_uri a logout token (sub and
 * the client's sid). A link is claimed by deleting it first, so two servers never notify twice.
 */
export async function endOrphanedProviderSessions(
  db: Db,
  providerFor: (issuer: string) => Promise<Provider>,
  log: Logger,
): Promise<number> {
  const ended = await db
    .deleteFrom('oauth_session_links')
    .where('session_uid', 'in', (eb) =>
      eb
        .selectFrom('oauth_session_links as link')
        .select('link.session_uid')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('sessions')
                .select('sessions.id')
                .whereRef('sessions.id', '=', 'link.portal_session_id')
                .where('sessions.expires_at', '>', sql<Date>`now()`),
            ),
          ),
        )
        .limit(SWEEP_BATCH),
    )
    .returning(['session_uid', 'issuer'])
    .execute();
  const counts = await Promise.all(
    ended.map(async (link) => endProviderSession(db, await providerFor(link.issuer), link.session_uid, log)),
  );
  return counts.reduce((sum, one) => sum + one, 0);
}

/**
 * The grants of a provider session that end with it: those given without offline_access, as
 * oidc-provider's own RP-initiated logout revokes them (its `persistsLogout` marks the others).
 */
function grantsEndingWith(session: InstanceType<Provider['Session']>): string[] {
  return Object.values(session.authorizations ?? {}).flatMap((authorization) =>
    authorization.grantId && !authorization.persistsLogout ? [authorization.grantId] : [],
  );
}

/**
 * Tells each back-channel client of a provider session, revokes the grants that end with it, then
 * destroys it; answers how many clients were told.
 */
async function endProviderSession(db: Db, provider: Provider, uid: string, log: Logger): Promise<number> {
  const session = await provider.Session.findByUid(uid);
  if (!session?.accountId) return 0;
  const accountId = session.accountId;
  const results = await Promise.all(
    Object.keys(session.authorizations ?? {}).map(async (clientId) => {
      const client = await provider.Client.find(clientId);
      if (!client?.backchannelLogoutUri) return 0;
      // Present with the backchannelLogout feature; the type definitions leave it out.
      const send = client.backchannelLogout as (sub: string, sid: string) => Promise<void>;
      try {
        await send.call(client, accountId, session.sidFor(clientId) as string);
        return 1;
      } catch (error) {
        log.warn({ client_id: clientId, reason: (error as Error).message }, 'back-channel logout failed');
        return 0;
      }
    }),
  );
  await revokeGrants(db, grantsEndingWith(session));
  await session.destroy();
  return results.reduce<number>((sum, one) => sum + one, 0);
}
