import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMfaAccount, dropSudo, loginWithSms } from '../mfa/helpers';
import { createAccount } from '../support/accounts';
import { auditEvents } from '../support/rows';
import { login, sharedTestApp } from '../support/test-app';
import { ceremony, GENERAL_ORIGIN, LU_HOST, LU_ORIGIN, passkeySignIn, registerPasskey } from './helpers';
import { SoftwareAuthenticator } from './software-authenticator';

const test = sharedTestApp();

/** An account with a registered passkey, and a session without a step-up. */
async function accountWithPasskey(authenticator = new SoftwareAuthenticator()) {
  const account = await createMfaAccount(test.database.db);
  const token = await loginWithSms(test, account);
  const passkey = await registerPasskey(test, token, authenticator);
  await dropSudo(test.database.db, token);
  return { account, token, passkey, authenticator };
}

async function signInWith(credential: unknown, payload: string, extra: { host?: string } = {}) {
  return test.call({
    method: 'POST',
    url: '/api/passkeys/login',
    payload: { payload, credential },
    ...extra,
  });
}

describe('passkeys (refusals)', () => {
  it('registration needs a step-up, before the ceremony starts and when it ends', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const started = await ceremony(test, '/api/passkeys/registration/options', {}, { token });
    await dropSudo(test.database.db, token);
    const refused = await test.call({ method: 'POST', url: '/api/passkeys/registration/options', token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'sudo_required',
      message: 'Please confirm your identity to continue.',
    });
    const credential = new SoftwareAuthenticator().create(started.options, GENERAL_ORIGIN);
    const late = await test.call({
      method: 'POST',
      url: '/api/passkeys/registration',
      token,
      payload: { payload: started.payload, name: 'Phone', credential },
    });
    expect(late.statusCode).toBe(403);
    expect(
      await test.database.db.selectFrom('passkeys').select('id').where('user_id', '=', account.id).execute(),
    ).toEqual([]);
  });

  it('registration refuses an authenticator without user verification, a wrong origin and a reused challenge', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const attempt = async (authenticator: SoftwareAuthenticator, origin: string, payload?: string) => {
      const started = payload
        ? { payload, options: { challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AA' } } }
        : await ceremony(test, '/api/passkeys/registration/options', {}, { token });
      const credential = authenticator.create(started.options, origin);
      const response = await test.call({
        method: 'POST',
        url: '/api/passkeys/registration',
        token,
        payload: { payload: started.payload, name: 'Key', credential },
      });
      return { response, payload: started.payload };
    };
    const noUv = await attempt(new SoftwareAuthenticator({ userVerified: false }), GENERAL_ORIGIN);
    expect(noUv.response.statusCode).toBe(422);
    expect(noUv.response.json().code).toBe('passkey_invalid');
    const phishing = await attempt(new SoftwareAuthenticator(), 'http://localhost.evil.example');
    expect(phishing.response.json().code).toBe('passkey_invalid');
    // The challenge is used up by the failed try: single use.
    const reused = await attempt(new SoftwareAuthenticator(), GENERAL_ORIGIN, phishing.payload);
    expect(reused.response.statusCode).toBe(410);
    expect(reused.response.json().code).toBe('challenge_expired');
  });

  it('a credential id is registered once per edition, and the named id must be the signed one', async () => {
    const { authenticator } = await accountWithPasskey();
    const takenId = authenticator.credentials[0]?.id as Buffer;
    const other = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, other);
    const register = async (credential: ReturnType<SoftwareAuthenticator['create']>, payload: string) =>
      test.call({
        method: 'POST',
        url: '/api/passkeys/registration',
        token,
        payload: { payload, name: 'Copy', credential },
      });
    const first = await ceremony(test, '/api/passkeys/registration/options', {}, { token });
    const duplicated = await register(
      new SoftwareAuthenticator().create(first.options, GENERAL_ORIGIN, takenId),
      first.payload,
    );
    expect(duplicated.statusCode).toBe(409);
    expect(duplicated.json().code).toBe('passkey_duplicated');

    const second = await ceremony(test, '/api/passkeys/registration/options', {}, { token });
    const fresh = new SoftwareAuthenticator().create(second.options, GENERAL_ORIGIN);
    const renamed = takenId.toString('base64url');
    const mismatch = await register({ ...fresh, id: renamed, rawId: renamed }, second.payload);
    expect(mismatch.statusCode).toBe(422);
  });

  it('a challenge answers one sign-in only, and expires', async () => {
    const { authenticator } = await accountWithPasskey();
    const started = await ceremony(test, '/api/passkeys/login/options', {});
    const credential = authenticator.get(started.options, GENERAL_ORIGIN);
    expect((await signInWith(credential, started.payload)).statusCode).toBe(200);
    const replay = await signInWith(credential, started.payload);
    expect(replay.statusCode).toBe(410);

    const expired = await ceremony(test, '/api/passkeys/login/options', {});
    await test.database.db
      .updateTable('code_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.payload)
      .execute();
    const late = await signInWith(authenticator.get(expired.options, GENERAL_ORIGIN), expired.payload);
    expect(late.statusCode).toBe(410);
    const unknown = await signInWith(credential, randomUUID());
    expect(unknown.statusCode).toBe(410);
  });

  it('a challenge is bound to the device that started it', async () => {
    const { authenticator } = await accountWithPasskey();
    const started = await ceremony(test, '/api/passkeys/login/options', {});
    const credential = authenticator.get(started.options, GENERAL_ORIGIN);
    const response = await test.call({
      method: 'POST',
      url: '/api/passkeys/login',
      deviceId: randomUUID(),
      payload: { payload: started.payload, credential },
    });
    expect(response.statusCode).toBe(410);
  });

  it('refuses a sign-in without user verification, from another origin, or with a counter that went back', async () => {
    const { account, authenticator } = await accountWithPasskey();
    const lazy = new SoftwareAuthenticator({ userVerified: false });
    lazy.credentials.push(...authenticator.credentials);
    const noUv = await passkeySignIn(test, lazy);
    expect(noUv.statusCode).toBe(422);
    expect(noUv.json()).toMatchObject({ code: 'passkey_invalid' });

    const started = await ceremony(test, '/api/passkeys/login/options', {});
    const phishing = await signInWith(
      authenticator.get(started.options, 'https://login.evil.example'),
      started.payload,
    );
    expect(phishing.statusCode).toBe(422);

    expect((await passkeySignIn(test, authenticator)).statusCode).toBe(200);
    // A clone of the authenticator replays an older counter: refused.
    const credential = authenticator.credentials[0];
    if (credential) credential.counter -= 2;
    const cloned = await passkeySignIn(test, authenticator);
    expect(cloned.statusCode).toBe(422);
    const failures = await auditEvents(test.database.db, account.id, 'passkey.failed');
    expect(failures.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a passkey whose backup eligibility changed (single-device turned synced)', async () => {
    const { authenticator } = await accountWithPasskey();
    const synced = new SoftwareAuthenticator({ synced: true });
    synced.credentials.push(...authenticator.credentials);
    expect((await passkeySignIn(test, synced)).statusCode).toBe(422);
  });

  it('a passkey of the general edition never works on the Luxembourg host', async () => {
    const { authenticator } = await accountWithPasskey();
    // The Luxembourg edition is its own relying party.
    const started = await ceremony(test, '/api/passkeys/login/options', {}, { host: LU_HOST });
    expect(started.options.rpId).toBe('lu.localhost');
    // The browser would offer nothing (another RP ID); a forged answer is refused either way:
    // signed for the general RP and origin, or claiming the Luxembourg origin.
    const credential = authenticator.credentials[0];
    if (!credential) throw new Error('no credential');
    const asGeneral = authenticator.get(
      { ...started.options, rpId: 'localhost' },
      GENERAL_ORIGIN,
      credential,
    );
    expect((await signInWith(asGeneral, started.payload, { host: LU_HOST })).statusCode).toBe(422);
    const again = await ceremony(test, '/api/passkeys/login/options', {}, { host: LU_HOST });
    const asLu = authenticator.get(again.options, LU_ORIGIN, credential);
    expect((await signInWith(asLu, again.payload, { host: LU_HOST })).statusCode).toBe(422);
    // A general ceremony cannot be answered on the Luxembourg host either.
    const general = await ceremony(test, '/api/passkeys/login/options', {});
    const crossed = await signInWith(authenticator.get(general.options, GENERAL_ORIGIN), general.payload, {
      host: LU_HOST,
    });
    expect(crossed.statusCode).toBe(410);
  });

  it('a Luxembourg account registers with the Luxembourg RP and origin only', async () => {
    const account = await createAccount(test.database.db, { edition: 'lu' });
    const token = await login(test, account.email, account.password, LU_HOST);
    // Without MFA methods the account steps up with a code to its primary e-mail (0006).
    const started = await test.call({ method: 'GET', url: '/api/mfa/sudo?mfaId=-2', token, host: LU_HOST });
    expect(started.statusCode).toBe(200);
    const { latestCode } = await import('../mfa/helpers');
    const code = await latestCode(test.database.db, account.email);
    const verified = await test.call({
      method: 'POST',
      url: '/api/mfa/sudo',
      token,
      host: LU_HOST,
      payload: { payload: started.json().payload, code },
    });
    expect(verified.statusCode).toBe(200);
    const options = await ceremony(test, '/api/passkeys/registration/options', {}, { token, host: LU_HOST });
    expect(options.options.rp).toMatchObject({ id: 'lu.localhost', name: 'Vestibule Luxembourg' });
    const authenticator = new SoftwareAuthenticator();
    const wrongOrigin = await test.call({
      method: 'POST',
      url: '/api/passkeys/registration',
      token,
      host: LU_HOST,
      payload: {
        payload: options.payload,
        name: 'Key',
        credential: authenticator.create(options.options, GENERAL_ORIGIN),
      },
    });
    expect(wrongOrigin.statusCode).toBe(422);
    const saved = await registerPasskey(test, token, new SoftwareAuthenticator(), {
      host: LU_HOST,
      origin: LU_ORIGIN,
    });
    expect(saved.name).toBe('My phone');
  });

  it("another account's passkey is not found; sudo needs one of the account's own passkeys", async () => {
    const { passkey } = await accountWithPasskey();
    const other = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, other);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await test.call({
        method,
        url: `/api/passkeys/${passkey.id}`,
        token,
        ...(method === 'PATCH' ? { payload: { name: 'Mine' } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
    const noPasskey = await test.call({
      method: 'POST',
      url: '/api/passkeys/sudo/options',
      token,
      payload: {},
    });
    expect(noPasskey.statusCode).toBe(404);
    const badName = await test.call({
      method: 'PATCH',
      url: `/api/passkeys/${passkey.id}`,
      token,
      payload: { name: '' },
    });
    expect(badName.statusCode).toBe(422);
  });

  it('checks are rate limited like codes (per account)', async () => {
    const { authenticator } = await accountWithPasskey();
    const lazy = new SoftwareAuthenticator({ userVerified: false });
    lazy.credentials.push(...authenticator.credentials);
    let limited = false;
    for (let i = 0; i < 25 && !limited; i++) {
      const response = await passkeySignIn(test, lazy);
      limited = response.statusCode === 429;
    }
    expect(limited).toBe(true);
  });
});
