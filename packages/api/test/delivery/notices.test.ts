import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMfaAccount, loginWithSms, stepUp } from '../mfa/helpers';
import { createAccount } from '../support/accounts';
import { bodyText } from '../support/outbox';
import { attemptLogin, sharedTestApp } from '../support/test-app';

// The notices added where the flows were silent: each goes to the account's addresses,
// in its language, says what happened and leads back to the recovery page.

const test = sharedTestApp();

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function messages(recipient: string, purpose: string) {
  const rows = await test.database.db
    .selectFrom('outbox')
    .select(['channel', 'subject', 'purpose', 'body_text', 'body_html', 'body_sealed'])
    .where('recipient', '=', recipient)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, text: bodyText(row) }));
}

async function passwordLogin(account: { email: string; password: string }, deviceId: string) {
  const response = await attemptLogin(test, account, { deviceId, headers: { 'user-agent': FIREFOX } });
  expect(response.statusCode, response.body).toBe(200);
}

describe('notices where the flows were silent', () => {
  it('a sign-in from a device the account never used tells its e-mail addresses, not its phone', async () => {
    const account = await createAccount(test.database.db);
    const known = randomUUID();
    // The very first sign-in, and a second one from the same device: no news.
    await passwordLogin(account, known);
    await passwordLogin(account, known);
    expect(await messages(account.email, 'new_sign_in')).toEqual([]);

    await passwordLogin(account, randomUUID());
    const [notice, ...more] = await messages(account.email, 'new_sign_in');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ channel: 'email', subject: 'Vestibule: new sign-in from a new device' });
    expect(notice!.text).toContain('Firefox 128 · Linux');
    expect(notice!.text).toContain('http://localhost:3000/forgot-password');
    expect(notice!.body_html).not.toBeNull();
    expect(await messages(account.phone, 'new_sign_in')).toEqual([]);
  });

  it('new recovery keys and a removed method are told to every verified address, SMS without link', async () => {
    const account = await createMfaAccount(test.database.db, ['totp', 'sms', 'email']);
    const token = await loginWithSms(test, account);
    expect((await test.call({ method: 'POST', url: '/api/mfa/regenerate-recovery', token })).statusCode).toBe(
      200,
    );
    for (const address of [account.email, account.phone]) {
      const [notice] = await messages(address, 'recovery_keys_regenerated');
      expect(notice, address).toBeDefined();
    }
    const [sms] = await messages(account.phone, 'recovery_keys_regenerated');
    expect(sms!.text).not.toMatch(/https?:|forgot-password/);

    await stepUp(test, token, account);
    const removed = await test.call({ method: 'DELETE', url: `/api/mfa/${account.methods.totp}`, token });
    expect(removed.statusCode).toBe(204);
    const [mail] = await messages(account.email, 'mfa_method_removed');
    expect(mail!.text).toContain('authenticator app');
    expect(mail!.text).toContain('/forgot-password');
    expect(await messages(account.phone, 'mfa_method_removed')).toHaveLength(1);
  });
});
