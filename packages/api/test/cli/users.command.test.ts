import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { runAdmin } from '../support/admin-cli';
import { attemptLogin, login, sharedTestApp } from '../support/test-app';

const test = sharedTestApp();

const admin = (...argv: string[]) => runAdmin(test.database.db, argv);

describe('npm run admin -- users …', () => {
  it('finds an account by e-mail or phone', async () => {
    const account = await createAccount(test.database.db, { firstname: 'Ada' });
    const byEmail = await admin('users', 'find', account.email);
    expect(byEmail.code).toBe(0);
    expect(byEmail.output).toContain(`Account ${account.id} (general): Ada User`);
    expect((await admin('users', 'find', account.phone)).output).toContain(`Account ${account.id}`);
    expect((await admin('users', 'find', 'nobody@test.example')).code).toBe(1);
  });

  it('locks an account (its sessions end, login answers account_locked) and unlocks it', async () => {
    const account = await createAccount(test.database.db);
    const token = await login(test, account.email, account.password);
    expect((await admin('users', 'lock', account.email)).code).toBe(0);
    expect((await test.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
    const refused = await attemptLogin(test, account);
    expect(refused.json().code).toBe('account_locked');
    expect((await admin('users', 'unlock', account.email)).code).toBe(0);
    await expect(login(test, account.email, account.password)).resolves.toBeTypeOf('string');
  });

  it('sets mfa_forced and mfa_customer, with an audit row', async () => {
    const account = await createAccount(test.database.db);
    expect((await admin('users', 'force-mfa', account.email, 'on')).code).toBe(0);
    expect((await admin('users', 'mfa-customer', account.email, 'on')).code).toBe(0);
    const user = await test.database.db
      .selectFrom('users')
      .select(['mfa_forced', 'mfa_customer'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ mfa_forced: true, mfa_customer: true });
    const kinds = await test.database.db
      .selectFrom('audit_events')
      .select('kind')
      .where('user_id', '=', account.id)
      .execute();
    expect(kinds.map((k) => k.kind)).toContain('account.mfa_policy_changed');
  });

  it('answers usage with exit code 2 for a wrong call', async () => {
    expect((await admin('users', 'force-mfa', 'x@test.example', 'maybe')).code).not.toBe(0);
    expect((await admin('users')).code).toBe(2);
  });
});
