import { randomUUID } from 'node:crypto';
import { preferencesResponseSchema } from '@vestibule/contract/schemas/preferences';
import { describe, expect, it } from 'vitest';
import { countMessages, createMfaAccount, loginWithSms } from '../mfa/helpers';
import { profileSession } from '../profile/helpers';
import { auditKinds } from '../support/rows';
import { sharedTestApp } from '../support/test-app';

/** The optional messages: chosen, versioned, written to the consent ledger, and obeyed. */

const test = sharedTestApp();

describe('GET and PUT /api/user/preferences', () => {
  it('answers the defaults with an ETag; a change with If-Match is saved, audited and ledgered', async () => {
    const { account, token } = await profileSession(test);
    const read = await test.call({ method: 'GET', url: '/api/user/preferences', token });
    expect(read.statusCode).toBe(200);
    expect(preferencesResponseSchema.parse(read.json()).data).toEqual({
      new_device_alert: true,
      marketing_email: false,
      marketing_sms: false,
    });
    const etag = read.headers.etag as string;
    const saved = await test.call({
      method: 'PUT',
      url: '/api/user/preferences',
      token,
      headers: { 'if-match': etag },
      payload: { new_device_alert: false, marketing_email: true, marketing_sms: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).not.toBe(etag);
    const ledger = await test.database.db
      .selectFrom('user_consents')
      .select(['kind', 'granted'])
      .where('user_id', '=', account.id)
      .execute();
    expect(ledger).toEqual([{ kind: 'marketing_email', granted: true }]);
    expect(await auditKinds(test.database.db, account.id)).toContain('preferences.updated');

    // The old version is stale: 412 with the current preferences and their tag.
    const stale = await test.call({
      method: 'PUT',
      url: '/api/user/preferences',
      token,
      headers: { 'if-match': etag },
      payload: { new_device_alert: true, marketing_email: true, marketing_sms: true },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe('preferences_changed');
    expect(stale.json().data).toEqual({
      new_device_alert: false,
      marketing_email: true,
      marketing_sms: false,
    });
    expect(stale.headers.etag).toBe(saved.headers.etag);
  });

  it('refuses an unknown or missing field with 422', async () => {
    const { token } = await profileSession(test);
    for (const payload of [
      { new_device_alert: false },
      { new_device_alert: false, marketing_email: true, marketing_sms: false, weekly: true },
    ]) {
      const refused = await test.call({ method: 'PUT', url: '/api/user/preferences', token, payload });
      expect(refused.statusCode).toBe(422);
    }
  });

  it('a sign-in from a new device sends no alert once the alert is off, and one while it is on', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email']);
    await loginWithSms(test, account, randomUUID());
    const before = await countMessages(test.database.db, account.email);
    const token = await loginWithSms(test, account, randomUUID());
    const afterAlert = await countMessages(test.database.db, account.email);
    expect(afterAlert).toBe(before + 1);
    const off = await test.call({
      method: 'PUT',
      url: '/api/user/preferences',
      token,
      payload: { new_device_alert: false, marketing_email: false, marketing_sms: false },
    });
    expect(off.statusCode).toBe(200);
    await loginWithSms(test, account, randomUUID());
    expect(await countMessages(test.database.db, account.email)).toBe(afterAlert);
  });
});
