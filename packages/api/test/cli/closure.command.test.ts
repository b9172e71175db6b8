import { describe, expect, it } from 'vitest';
import { createMfaAccount, loginWithSms } from '../mfa/helpers';
import { messagesTo } from '../profile/helpers';
import { runAdmin } from '../support/admin-cli';
import { auditEvent, auditKinds } from '../support/rows';
import { sharedTestApp, testConfig } from '../support/test-app';

/** Support closes an account for its holder: the same closure, with who and why audited. */

const test = sharedTestApp();

const admin = (argv: string[], config?: ReturnType<typeof testConfig>) =>
  runAdmin(test.database.db, argv, config);

describe('npm run admin -- users close', () => {
  it('needs a reason; with one, ends the sessions, tells the holder and audits actor, role, reason and ticket', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email']);
    const token = await loginWithSms(test, account);
    const missing = await admin(['users', 'close', account.email]);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('--reason');

    const closed = await admin([
      'users',
      'close',
      account.email,
      '--reason',
      'holder asked by phone',
      '--ticket',
      'SUP-42',
      '--actor',
      'agent.smith',
    ]);
    expect(closed.code, closed.output).toBe(0);
    expect(closed.output).toContain(`Account ${account.id} is closing`);
    expect((await test.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
    const [mail] = await messagesTo(test, account.email);
    expect(mail?.subject).toContain('will be closed');
    const event = await auditEvent(test.database.db, account.id, 'account.closure_requested');
    expect(event.detail).toMatchObject({
      requested_by: 'staff',
      by: 'agent.smith',
      role: 'operator',
      reason: 'holder asked by phone',
      ticket: 'SUP-42',
    });
    const again = await admin(['users', 'close', account.email, '--reason', 'twice']);
    expect(again.code).toBe(1);
    expect(again.output).toContain('closure_already_requested');
    expect(await auditKinds(test.database.db, account.id)).not.toContain('account.deleted');
  });

  it('closures run erases what is due; --as-of is a test clock that production refuses', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email']);
    expect((await admin(['users', 'close', account.email, '--reason', 'test'])).code).toBe(0);
    const refused = await admin(['closures', 'run', '--as-of', '2099-01-01T00:00:00Z'], {
      ...testConfig(),
      production: true,
    });
    expect(refused.code).toBe(2);
    expect((await admin(['closures', 'run', '--as-of', 'yesterday'])).code).toBe(2);
    expect((await admin(['closures', 'run'])).code).toBe(0);
    expect(await auditKinds(test.database.db, account.id)).not.toContain('account.deleted');
    const ran = await admin([
      'closures',
      'run',
      '--as-of',
      new Date(Date.now() + 15 * 86_400_000).toISOString(),
    ]);
    expect(ran.code).toBe(0);
    expect(await auditKinds(test.database.db, account.id)).toContain('account.deleted');
  });
});

describe('npm run admin -- privacy trace', () => {
  it('names the tables that hold a value, and none once the account is erased', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email']);
    const before = await admin(['privacy', 'trace', account.email]);
    expect(before.code).toBe(0);
    expect(before.output).toContain('user_emails.address (1)');
    expect((await admin(['users', 'close', account.email, '--reason', 'trace test'])).code).toBe(0);
    await admin(['closures', 'run', '--as-of', new Date(Date.now() + 15 * 86_400_000).toISOString()]);
    for (const value of [account.email, account.phone])
      expect((await admin(['privacy', 'trace', value])).output).toBe('Found nowhere.');
    expect((await admin(['privacy', 'trace'])).code).toBe(2);
  });
});
