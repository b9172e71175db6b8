import { describe, expect, it } from 'vitest';
import { listUserGrants } from '../../src/account/grants';
import { requestClosure } from '../closure/helpers';
import { authorizationRequest, codeFlow, getAuthorization, locationOf } from '../oauth/conformance-helpers';
import {
  Browser,
  exchangeCode,
  listeningAppPerFile,
  newUser,
  type RegisteredClient,
  refresh,
  registerClient,
} from '../oauth/helpers';
import { changePassword, loginOn, stepUpByEmail } from '../security/helpers';
import type { TestAccount } from '../support/accounts';

/**
 * A partner's grant outliving the portal session (decision 0069, RP-initiated logout in 0032):
 * tokens given without offline_access end with the portal session they were issued in, however
 * it ends — RP-initiated logout, logout, global logout, a session ended in the Security tab, a
 * password change — and the consent is asked again. A grant with offline_access outlives them.
 */

const test = listeningAppPerFile();
const AFTER_LOGOUT = 'https://rp.example/logged-out';

interface Signed {
  client: RegisteredClient;
  account: TestAccount;
  browser: Browser;
  tokens: Record<string, unknown>;
}

/** A browser logged in to the portal whose relying party holds tokens for `scope`. */
async function signedIn(scope = 'openid profile'): Promise<Signed> {
  const client = await registerClient(test.database.db, { postLogoutRedirectUris: [AFTER_LOGOUT] });
  const account = await newUser(test.database.db);
  const browser = new Browser(test.origin);
  await browser.logIn(account);
  const { tokens } = await codeFlow(
    browser,
    client,
    (code, verifier) => exchangeCode(test.origin, client, code, verifier),
    { scope, ...(scope.includes('offline_access') ? { prompt: 'consent' } : {}) },
  );
  expect(tokens.refresh_token).toEqual(expect.any(String));
  return { client, account, browser, tokens };
}

async function userinfo(accessToken: unknown): Promise<number> {
  const response = await fetch(`${test.origin}/oauth/me`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return response.status;
}

/** Where a fresh authorization of the client sends a newly logged-in browser: consent or code. */
async function nextAuthorization(signed: Signed): Promise<'consent' | 'code'> {
  const browser = new Browser(test.origin);
  await browser.logIn(signed.account);
  const location = locationOf(
    await getAuthorization(browser, authorizationRequest(signed.client)),
    test.origin,
  );
  if (location.pathname !== '/approve') return 'code';
  const details = await browser.api(`/authorize?uid=${location.searchParams.get('uid')}`);
  const body = (await details.json()) as { approvalType: string | null };
  return body.approvalType === 'scopes' ? 'consent' : 'code';
}

/** Refresh token, userinfo and consent are gone once the portal session ended. */
async function expectGrantEnded(signed: Signed) {
  const refreshed = await refresh(test.origin, signed.client, signed.tokens.refresh_token as string);
  expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(400);
  expect(refreshed.body.error).toBe('invalid_grant');
  expect(await userinfo(signed.tokens.access_token)).toBe(401);
  expect(await listUserGrants(test.database.db, signed.account.id)).toEqual([]);
  expect(await nextAuthorization(signed)).toBe('consent');
}

async function rpInitiatedLogout({ browser, tokens }: Signed) {
  const query = new URLSearchParams({
    id_token_hint: tokens.id_token as string,
    post_logout_redirect_uri: AFTER_LOGOUT,
  });
  const page = await browser.fetch(`/oauth/session/end?${query}`);
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())![1]!;
  const confirm = await browser.fetch('/oauth/session/end/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  });
  expect(locationOf(confirm, test.origin).origin).toBe('https://rp.example');
}

/** Every way the relying party's portal session ends, run from its browser or another device. */
const ENDINGS: Record<string, (signed: Signed) => Promise<void>> = {
  'RP-initiated logout': rpInitiatedLogout,
  'logout (DELETE /api/token)': async ({ browser }) => {
    expect((await browser.api('/token', { method: 'DELETE' })).status).toBe(204);
  },
  'global logout (POST /api/sessions/logout-all)': async ({ browser }) => {
    expect((await browser.api('/sessions/logout-all', { method: 'POST' })).status).toBe(200);
  },
  'the session ended from another device in the Security tab': async ({ account, browser }) => {
    const other = new Browser(test.origin);
    await other.logIn(account);
    const mine = (await (await browser.api('/sessions')).json()) as {
      data: { id: number; status: string }[];
    };
    const id = mine.data.find((session) => session.status === 'current')!.id;
    expect((await other.api(`/sessions/${id}`, { method: 'DELETE' })).status).toBe(204);
  },
  'a password change on another device that ends the other sessions': async ({ account }) => {
    const other = await loginOn(test, account);
    await stepUpByEmail(test, other.token, account);
    const changed = await changePassword(test, other, account, `Lantern-orbit-${account.id}-meadow`);
    expect(changed.statusCode, changed.body).toBe(200);
    account.password = `Lantern-orbit-${account.id}-meadow`;
  },
};

describe('a partner grant without offline_access ends with the portal session', () => {
  for (const [name, end] of Object.entries(ENDINGS))
    it(`${name}: the refresh token, userinfo and the consent end`, async () => {
      const signed = await signedIn();
      // Alive while the portal session is.
      const before = await refresh(test.origin, signed.client, signed.tokens.refresh_token as string);
      expect(before.status).toBe(200);
      signed.tokens = { ...signed.tokens, ...before.body };
      expect(await userinfo(signed.tokens.access_token)).toBe(200);
      await end(signed);
      await expectGrantEnded(signed);
    });

  it('a grant with offline_access outlives a logout: refresh works and no consent is asked', async () => {
    const signed = await signedIn('openid profile offline_access');
    await rpInitiatedLogout(signed);
    const refreshed = await refresh(test.origin, signed.client, signed.tokens.refresh_token as string);
    expect(refreshed.status).toBe(200);
    expect(await userinfo(refreshed.body.access_token)).toBe(200);
    expect(await listUserGrants(test.database.db, signed.account.id)).toHaveLength(1);
  });
});

describe('closing the account (decision 0079)', () => {
  it('ends every grant of the account, offline_access too: refresh and userinfo stop at once', async () => {
    const signed = await signedIn('openid profile offline_access');
    const other = await loginOn(test, signed.account);
    await stepUpByEmail(test, other.token, signed.account);
    const closed = await requestClosure(test, other);
    expect(closed.statusCode, closed.body).toBe(200);
    const refreshed = await refresh(test.origin, signed.client, signed.tokens.refresh_token as string);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
    expect(await userinfo(signed.tokens.access_token)).toBe(401);
    expect(await listUserGrants(test.database.db, signed.account.id)).toEqual([]);
  });
});
