import type { Db } from '../../db/database';

/**
 * The demo partner application (README): a public client (PKCE, no secret) on a loopback address,
 * registered on both editions, for every response mode and both logouts (RP-initiated, with its
 * logged-out page; back-channel). The end-to-end test runs a real openid-client app at this address.
 */
export const DEMO_PARTNER = {
  clientId: 'demo-partner',
  name: 'Demo Partner',
  redirectUri: 'http://127.0.0.1:4790/callback',
  homepage: 'http://127.0.0.1:4790/',
  scopes: ['profile', 'email', 'phone', 'user', 'balance', 'transaction', 'offline_access'],
  responseModes: ['query', 'fragment', 'form_post'],
  postLogoutRedirectUri: 'http://127.0.0.1:4790/logged-out',
  backchannelLogoutUri: 'http://127.0.0.1:4790/backchannel-logout',
} as const;

export async function seedOAuthDemo(db: Db): Promise<void> {
  await db
    .insertInto('oauth_clients')
    .values({
      client_id: DEMO_PARTNER.clientId,
      edition: null,
      name: DEMO_PARTNER.name,
      redirect_uris: JSON.stringify([DEMO_PARTNER.redirectUri]),
      scopes: JSON.stringify(DEMO_PARTNER.scopes),
      homepage: DEMO_PARTNER.homepage,
      confidential: false,
      secret_enc: null,
      auth_method: 'none',
      first_party: false,
      response_modes: JSON.stringify(DEMO_PARTNER.responseModes),
      post_logout_redirect_uris: JSON.stringify([DEMO_PARTNER.postLogoutRedirectUri]),
      backchannel_logout_uri: DEMO_PARTNER.backchannelLogoutUri,
    })
    .onConflict((conflict) => conflict.column('client_id').doNothing())
    .execute();
}
