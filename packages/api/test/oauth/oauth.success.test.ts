import { EDITIONS } from '@vestibule/contract/editions';
import { authorizeResponseSchema, tokensResponseSchema } from '@vestibule/contract/schemas/oauth';
import { supportedScopes } from '@vestibule/contract/scopes';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../support/rows';
import {
  authorize,
  Browser,
  exchangeCode,
  listeningAppPerFile,
  newUser,
  refresh,
  registerClient,
  resume,
  startAuthorization,
} from './helpers';

const test = listeningAppPerFile();

function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

describe('OAuth 2.0 / OpenID Connect (happy paths)', () => {
  it('publishes discovery at /.well-known/openid-configuration with the request origin as issuer', async () => {
    const response = await fetch(`${test.origin}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(test.origin);
    expect(discovery.authorization_endpoint).toBe(`${test.origin}/oauth/auth`);
    expect(discovery.token_endpoint).toBe(`${test.origin}/oauth/token`);
    expect(discovery.userinfo_endpoint).toBe(`${test.origin}/oauth/me`);
    expect(discovery.jwks_uri).toBe(`${test.origin}/oauth/jwks`);
    expect(discovery.revocation_endpoint).toBe(`${test.origin}/oauth/token/revocation`);
    expect(discovery.introspection_endpoint).toBe(`${test.origin}/oauth/token/introspection`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.grant_types_supported).not.toContain('password');
    expect(discovery.grant_types_supported).not.toContain('implicit');
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(supportedScopes(EDITIONS.general)));
    const jwks = (await (await fetch(`${test.origin}/oauth/jwks`)).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('the Luxembourg host has its own issuer', async () => {
    const response = await test.call({
      method: 'GET',
      url: '/.well-known/openid-configuration',
      host: 'lu.localhost:3000',
      deviceId: null,
    });
    // PUBLIC_URL_LU defaults to http://lu.localhost:PORT (decision 0025).
    expect(response.json().issuer).toBe(`http://lu.localhost:${new URL(test.origin).port}`);
  });

  it('runs the code flow with PKCE: consent, code, tokens, id token, userinfo, introspection', async () => {
    const client = await registerClient(test.database.db);
    const account = await newUser(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);

    const start = await startAuthorization(browser, client, { scope: 'openid profile email phone balance' });
    expect(start.approveUrl.searchParams.get('client_id')).toBe(client.clientId);
    expect(start.approveUrl.searchParams.get('redirect_uri')).toBe(client.redirectUri);
    const details = await browser.api(
      `/authorize?uid=${start.uid}&client_id=${client.clientId}&redirect_uri=${encodeURIComponent(client.redirectUri)}&response_type=code`,
    );
    expect(details.status).toBe(200);
    const body = authorizeResponseSchema.parse(await details.json());
    expect(body).toMatchObject({
      approvalType: 'scopes',
      target: null,
      client: { client_id: client.clientId, name: `App ${client.clientId}` },
      granted: [],
    });
    expect(body.scopes).toEqual(['openid', 'profile', 'email', 'phone', 'balance']);

    const approval = await browser.api('/authorize', {
      method: 'POST',
      json: { uid: start.uid, decision: 'accept' },
    });
    expect(approval.status).toBe(200);
    const { target } = (await approval.json()) as { target: string };
    expect(target).toBe(`/oauth/auth/${start.uid}`);
    // The account hears of it by e-mail, with where to withdraw it; not by SMS.
    const approved = await test.database.db
      .selectFrom('outbox')
      .select(['recipient', 'subject'])
      .where('purpose', '=', 'app_approved')
      .where('recipient', 'in', [account.email, account.phone])
      .execute();
    expect(approved).toEqual([
      { recipient: account.email, subject: `Vestibule: App ${client.clientId} can now use your account` },
    ]);
    const callback = await resume(browser, target);
    expect(`${callback.origin}${callback.pathname}`).toBe(client.redirectUri);
    expect(callback.searchParams.get('state')).toBe(start.state);
    expect(callback.searchParams.get('iss')).toBe(test.origin);
    const code = callback.searchParams.get('code')!;

    const tokens = await exchangeCode(test.origin, client, code, start.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', scope: 'openid profile email phone balance' });
    expect(tokens.body.refresh_token).toEqual(expect.any(String));
    const idToken = decodeJwt(tokens.body.id_token as string);
    expect(idToken).toMatchObject({ iss: test.origin, aud: client.clientId, sub: String(account.id) });

    const userinfo = await fetch(`${test.origin}/oauth/me`, {
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toEqual({
      sub: String(account.id),
      name: 'Olivia User',
      given_name: 'Olivia',
      family_name: 'User',
      locale: 'en',
      email: account.email,
      email_verified: true,
      phone_number: account.phone,
      phone_number_verified: true,
    });

    const introspection = await fetch(`${test.origin}/oauth/token/introspection`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token: tokens.body.access_token as string }),
    });
    expect(await introspection.json()).toMatchObject({
      active: true,
      client_id: client.clientId,
      sub: String(account.id),
    });
  });

  it('releases only the claims of the granted scopes', async () => {
    const client = await registerClient(test.database.db);
    const account = await newUser(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);
    const { code, verifier } = await authorize(browser, client, { scope: 'openid email' });
    const tokens = await exchangeCode(test.origin, client, code, verifier);
    const userinfo = await fetch(`${test.origin}/oauth/me`, {
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    });
    expect(await userinfo.json()).toEqual({
      sub: String(account.id),
      email: account.email,
      email_verified: true,
    });
  });

  it('skips the consent screen for scopes granted before, and asks only for new ones', async () => {
    const client = await registerClient(test.database.db);
    const account = await newUser(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);
    await authorize(browser, client, { scope: 'openid email' });

    // Same scopes again: with the portal's login cookie the code comes back without any screen.
    const again = await browser.fetch(
      `/oauth/auth?${new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        response_type: 'code',
        scope: 'openid email',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`,
    );
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location')!).searchParams.get('code')).toEqual(expect.any(String));

    // A new scope: only that one is asked.
    const start = await startAuthorization(browser, client, { scope: 'openid email balance' });
    const details = authorizeResponseSchema.parse(
      await (await browser.api(`/authorize?uid=${start.uid}`)).json(),
    );
    expect(details).toMatchObject({
      approvalType: 'scopes',
      scopes: ['balance'],
      granted: ['openid', 'email'],
    });
  });

  it('answers a target at once for a first-party client', async () => {
    const client = await registerClient(test.database.db, { firstParty: true });
    const account = await newUser(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);
    const start = await startAuthorization(browser, client);
    const details = authorizeResponseSchema.parse(
      await (await browser.api(`/authorize?uid=${start.uid}`)).json(),
    );
    expect(details.approvalType).toBeNull();
    expect(details.target).toBe(`/oauth/auth/${start.uid}`);
    const callback = await resume(browser, details.target!);
    expect(callback.searchParams.get('code')).toEqual(expect.any(String));
  });

  it('rotates refresh tokens: each refresh answers a new refresh token and access token', async () => {
    const client = await registerClient(test.database.db);
    const account = await newUser(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);
    const { code, verifier } = await authorize(browser, client);
    const tokens = await exchangeCode(test.origin, client, code, verifier);
    const first = await refresh(test.origin, client, tokens.body.refresh_token as string);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(tokens.body.refresh_token);
    const second = await refresh(test.origin, client, first.body.refresh_token as string);
    expect(second.status).toBe(200);
  });

  it('works for a public client with PKCE and no secret', async () => {
    const client = await registerClient(test.database.db, { confidential: false });
    const account = await newUser(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);
    const { code, verifier } = await authorize(browser, client);
    const tokens = await exchangeCode(test.origin, client, code, verifier);
    expect(tokens.status).toBe(200);
  });

  it('GET /api/tokens lists the grants; DELETE /api/token/{client_id} revokes grant and tokens', async () => {
    const client = await registerClient(test.database.db);
    const firstParty = await registerClient(test.database.db, { firstParty: true });
    const account = await newUser(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);
    const { code, verifier } = await authorize(browser, client, { scope: 'openid email balance' });
    await authorize(browser, firstParty);
    const tokens = await exchangeCode(test.origin, client, code, verifier);

    const list = await browser.api('/tokens');
    expect(list.status).toBe(200);
    expect(tokensResponseSchema.parse(await list.json())).toEqual({
      [client.clientId]: {
        client_id: client.clientId,
        name: `App ${client.clientId}`,
        scopes: ['openid', 'email', 'balance'],
      },
    });

    const revoke = await browser.api(`/token/${client.clientId}`, { method: 'DELETE' });
    expect(revoke.status).toBe(204);
    expect(await (await browser.api('/tokens')).json()).toEqual({});
    const refreshed = await refresh(test.origin, client, tokens.body.refresh_token as string);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
    const userinfo = await fetch(`${test.origin}/oauth/me`, {
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    });
    expect(userinfo.status).toBe(401);
    const audit = await auditEvents(test.database.db, account.id, 'oauth.%');
    expect(audit.map((row) => row.kind)).toEqual(['oauth.consent_granted', 'oauth.grant_revoked']);

    // After revocation the consent screen shows again.
    const start = await startAuthorization(browser, client, { scope: 'openid email' });
    const details = authorizeResponseSchema.parse(
      await (await browser.api(`/authorize?uid=${start.uid}`)).json(),
    );
    expect(details.approvalType).toBe('scopes');
  });
});
