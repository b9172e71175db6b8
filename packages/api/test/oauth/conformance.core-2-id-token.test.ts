import { describe, expect, it } from 'vitest';
import { createMfaAccount } from '../mfa/helpers';
import { ageLogin, backChannelReceiver, codeFlow, logInWithSms } from './conformance-helpers';
import {
  Browser,
  exchangeCode,
  listeningAppPerFile,
  newUser,
  type RegisteredClient,
  refresh,
  registerClient,
} from './helpers';

// OpenID Connect Core 1.0 §2 (ID Token): auth_time is the time of the user's last real
// authentication (the portal login), never that of a consent or a silent visit; amr says how
// (RFC 8176); sid names the session for the logout specifications (decision 0030).

const test = listeningAppPerFile();

const exchange = (client: RegisteredClient) => (code: string, verifier: string) =>
  exchangeCode(test.origin, client, code, verifier);

describe('OpenID Connect Core 2: auth_time', () => {
  it('is the portal login time, not the time consent was given', async () => {
    const client = await registerClient(test.database.db);
    const account = await newUser(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);
    const loggedInAt = await ageLogin(test.database.db, account.id, 900);
    const { idToken } = await codeFlow(browser, client, exchange(client));
    expect(idToken.auth_time).toBe(loggedInAt.getTime() / 1000);
  });

  it('stays the login time through a silent re-authorization and a refresh', async () => {
    const client = await registerClient(test.database.db);
    const account = await newUser(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);
    const loggedInAt = (await ageLogin(test.database.db, account.id, 300)).getTime() / 1000;
    await codeFlow(browser, client, exchange(client));
    const again = await codeFlow(browser, client, exchange(client));
    expect(again.idToken.auth_time).toBe(loggedInAt);
    const refreshed = await refresh(test.origin, client, again.tokens.refresh_token as string);
    const idToken = JSON.parse(
      Buffer.from((refreshed.body.id_token as string).split('.')[1]!, 'base64url').toString(),
    );
    expect(idToken.auth_time).toBe(loggedInAt);
  });

  it('follows a new portal login: a silent authorization after it carries the new time', async () => {
    const client = await registerClient(test.database.db);
    const account = await newUser(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);
    const first = (await ageLogin(test.database.db, account.id, 600)).getTime() / 1000;
    expect((await codeFlow(browser, client, exchange(client))).idToken.auth_time).toBe(first);
    const before = Math.floor(Date.now() / 1000);
    await browser.logIn(account);
    const { idToken } = await codeFlow(browser, client, exchange(client));
    expect(idToken.auth_time).toBeGreaterThanOrEqual(before);
  });
});

describe('OpenID Connect Core 2: amr (RFC 8176 values)', () => {
  it('a password login says pwd', async () => {
    const client = await registerClient(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(await newUser(test.database.db));
    const { idToken } = await codeFlow(browser, client, exchange(client));
    expect(idToken.amr).toEqual(['pwd']);
  });

  it('a login with an SMS code says pwd, sms and mfa', async () => {
    const client = await registerClient(test.database.db);
    const account = await createMfaAccount(test.database.db, ['sms']);
    const browser = new Browser(test.origin);
    await logInWithSms(browser, test.database.db, account);
    const { idToken } = await codeFlow(browser, client, exchange(client));
    expect(idToken.amr).toEqual(['pwd', 'sms', 'mfa']);
  });
});

describe('OpenID Connect Core 2 with Back-Channel Logout 1.0 §2.4: sid', () => {
  it('is in the ID token of a client registered for back-channel logout, and only there', async () => {
    const receiver = await backChannelReceiver();
    try {
      const account = await newUser(test.database.db);
      const browser = new Browser(test.origin);
      await browser.logIn(account);
      const withLogout = await registerClient(test.database.db, { backchannelLogoutUri: receiver.uri });
      const plain = await registerClient(test.database.db);
      const one = await codeFlow(browser, withLogout, exchange(withLogout));
      expect(one.idToken.sid).toEqual(expect.any(String));
      const other = await codeFlow(browser, plain, exchange(plain));
      expect(other.idToken).not.toHaveProperty('sid');
    } finally {
      await receiver.close();
    }
  });
});
