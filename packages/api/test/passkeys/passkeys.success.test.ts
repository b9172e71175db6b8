import { passkeyListResponseSchema, passkeyLoginResponseSchema } from '@vestibule/contract/schemas/passkeys';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../src/security/tokens';
import { createMfaAccount, loginWithSms, passwordStep } from '../mfa/helpers';
import { bodyText } from '../support/outbox';
import { auditKinds } from '../support/rows';
import { sharedTestApp } from '../support/test-app';
import { ceremony, GENERAL_ORIGIN, passkeySignIn, registerPasskey } from './helpers';
import { SoftwareAuthenticator } from './software-authenticator';

const test = sharedTestApp();

async function sessionOf(token: string) {
  return test.database.db
    .selectFrom('sessions')
    .select(['amr', 'sudo_until', 'user_id'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
}

describe('passkeys (happy paths, software authenticator)', () => {
  it('registers a passkey after a step-up: resident key, UV required, attestation none, RP = the edition host', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const started = await ceremony(test, '/api/passkeys/registration/options', {}, { token });
    expect(started.options).toMatchObject({
      rp: { id: 'localhost', name: 'Vestibule' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    // Ed25519, ES256, RS256 only (no experimental algorithms).
    expect((started.options.pubKeyCredParams as { alg: number }[]).map((p) => p.alg)).toEqual([-8, -7, -257]);
    const authenticator = new SoftwareAuthenticator();
    const credential = authenticator.create(started.options, GENERAL_ORIGIN);
    const saved = await test.call({
      method: 'POST',
      url: '/api/passkeys/registration',
      token,
      payload: { payload: started.payload, name: '  Work laptop ', credential },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data).toMatchObject({ name: 'Work laptop', last_used_at: null, backed_up: false });

    const list = passkeyListResponseSchema.parse(
      (await test.call({ method: 'GET', url: '/api/passkeys', token })).json(),
    );
    expect(list.data.map((p) => p.name)).toEqual(['Work laptop']);
    const row = await test.database.db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ edition: 'general', device_type: 'singleDevice', backed_up: false });
    expect(row.credential_id).toBe(credential.id);
    expect(await auditKinds(test.database.db, account.id)).toContain('passkey.added');

    // A second registration excludes the first credential.
    const again = await ceremony(test, '/api/passkeys/registration/options', {}, { token });
    expect(again.options.excludeCredentials).toEqual([
      { id: credential.id, transports: ['internal'], type: 'public-key' },
    ]);
  });

  it('signs in without a password: a normal elevated session whose amr says passkey (hwk, user, mfa)', async () => {
    const account = await createMfaAccount(test.database.db);
    const authenticator = new SoftwareAuthenticator();
    await registerPasskey(test, await loginWithSms(test, account), authenticator);

    const started = await ceremony(test, '/api/passkeys/login/options', {});
    expect(started.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(started.options.allowCredentials ?? []).toEqual([]);
    const response = await passkeySignIn(test, authenticator);
    expect(response.statusCode, response.body).toBe(200);
    const body = passkeyLoginResponseSchema.parse(response.json());
    expect(body.sudo).toBe(true);
    expect(response.cookies.find((c) => c.name === 'login_token')?.value).toBe(body.access_token);
    const session = await sessionOf(body.access_token);
    expect(session.user_id).toBe(account.id);
    expect(session.amr).toEqual(['hwk', 'user', 'mfa']);
    const user = await test.call({ method: 'GET', url: '/api/user', token: body.access_token });
    expect(user.statusCode).toBe(200);

    const row = await test.database.db
      .selectFrom('passkeys')
      .select(['sign_count', 'last_used_at'])
      .where('user_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.sign_count)).toBe(1);
    expect(row.last_used_at).not.toBeNull();
    expect(await auditKinds(test.database.db, account.id)).toEqual(
      expect.arrayContaining(['passkey.used', 'login.succeeded']),
    );
  });

  it('a synced passkey is stored as backed up and its login says swk', async () => {
    const account = await createMfaAccount(test.database.db);
    const authenticator = new SoftwareAuthenticator({ synced: true, counter: false });
    const saved = await registerPasskey(test, await loginWithSms(test, account), authenticator);
    expect(saved.backed_up).toBe(true);
    // Synced passkeys often keep no counter: 0 again and again is accepted.
    for (let i = 0; i < 2; i++) {
      const response = await passkeySignIn(test, authenticator);
      expect(response.statusCode).toBe(200);
      expect((await sessionOf(response.json().access_token)).amr).toEqual(['swk', 'user', 'mfa']);
    }
  });

  it('is offered first as the second factor of a password login, and ends it without a code', async () => {
    const account = await createMfaAccount(test.database.db);
    const authenticator = new SoftwareAuthenticator();
    const passkey = await registerPasskey(test, await loginWithSms(test, account), authenticator);
    const mfa = await passwordStep(test, account);
    expect(mfa.methods[0]).toMatchObject({ method: 'passkey', id: passkey.id, target: null });
    const started = await ceremony(test, '/api/passkeys/login/options', { payload: mfa.payload });
    expect(started.options.allowCredentials).toEqual([
      {
        id: authenticator.credentials[0]?.id.toString('base64url'),
        transports: ['internal'],
        type: 'public-key',
      },
    ]);
    const credential = authenticator.get(started.options, GENERAL_ORIGIN);
    const response = await test.call({
      method: 'POST',
      url: '/api/passkeys/login',
      payload: { payload: started.payload, credential },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await sessionOf(response.json().access_token)).amr).toEqual(['pwd', 'hwk', 'user', 'mfa']);
    // The login flow is used up: its payload cannot start another challenge.
    const reuse = await test.call({
      method: 'POST',
      url: '/api/passkeys/login/options',
      payload: { payload: mfa.payload },
    });
    expect(reuse.statusCode).toBe(410);
  });

  it('steps up with a passkey (single grant), and the method list offers it first', async () => {
    const account = await createMfaAccount(test.database.db);
    const authenticator = new SoftwareAuthenticator();
    const token = await loginWithSms(test, account);
    await registerPasskey(test, token, authenticator);
    await test.database.db
      .updateTable('sessions')
      .set({ sudo_until: null })
      .where('token_hash', '=', hashToken(token))
      .execute();

    const methods = (await test.call({ method: 'GET', url: '/api/mfa', token })).json().data;
    expect(methods[0].method).toBe('passkey');
    const started = await ceremony(test, '/api/passkeys/sudo/options', { single: true }, { token });
    const credential = authenticator.get(started.options, GENERAL_ORIGIN);
    const granted = await test.call({
      method: 'POST',
      url: '/api/passkeys/sudo',
      token,
      payload: { payload: started.payload, credential },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const status = (await test.call({ method: 'GET', url: '/api/mfa/status', token })).json();
    expect(status).toMatchObject({ sudo: true, single: true });
    expect(await auditKinds(test.database.db, account.id)).toContain('sudo.granted');
  });

  it('renames without a step-up, deletes behind one and tells every verified contact', async () => {
    const account = await createMfaAccount(test.database.db);
    const authenticator = new SoftwareAuthenticator();
    const token = await loginWithSms(test, account);
    const passkey = await registerPasskey(test, token, authenticator);
    await test.database.db
      .updateTable('sessions')
      .set({ sudo_until: null })
      .where('token_hash', '=', hashToken(token))
      .execute();

    const renamed = await test.call({
      method: 'PATCH',
      url: `/api/passkeys/${passkey.id}`,
      token,
      payload: { name: 'Phone' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Phone');

    const refused = await test.call({ method: 'DELETE', url: `/api/passkeys/${passkey.id}`, token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('sudo_required');

    const started = await ceremony(test, '/api/passkeys/sudo/options', {}, { token });
    const credential = authenticator.get(started.options, GENERAL_ORIGIN);
    await test.call({
      method: 'POST',
      url: '/api/passkeys/sudo',
      token,
      payload: { payload: started.payload, credential },
    });
    const deleted = await test.call({ method: 'DELETE', url: `/api/passkeys/${passkey.id}`, token });
    expect(deleted.statusCode).toBe(204);
    expect((await test.call({ method: 'GET', url: '/api/passkeys', token })).json().data).toEqual([]);
    const message = await test.database.db
      .selectFrom('outbox')
      .select(['body_text', 'body_sealed'])
      .where('recipient', '=', account.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(bodyText(message)).toContain('A passkey was deleted from your Vestibule account.');
    expect(await auditKinds(test.database.db, account.id)).toContain('passkey.removed');
    // Its sign-in no longer works.
    expect((await passkeySignIn(test, authenticator)).statusCode).toBe(422);
  });

  it('a passkey counts as the second factor of a forced user (no mfa_setup_required)', async () => {
    const account = await createMfaAccount(test.database.db, ['sms'], { mfaForced: true });
    const before = await loginWithSms(test, account);
    expect((await test.call({ method: 'GET', url: '/api/passkeys', token: before })).json().code).toBe(
      'mfa_setup_required',
    );
    await test.database.db
      .insertInto('passkeys')
      .values({
        user_id: account.id,
        edition: 'general',
        credential_id: 'forced-user-credential',
        public_key: 'AA',
        user_handle: 'AA',
        device_type: 'singleDevice',
        backed_up: false,
        name: 'Key',
      })
      .execute();
    const mfa = await passwordStep(test, account);
    expect(mfa.methods[0]?.method).toBe('passkey');
    const token = await loginWithSms(test, account);
    const profile = await test.call({ method: 'GET', url: '/api/passkeys', token });
    expect(profile.statusCode).toBe(200);
  });
});
