import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fillSearchNames } from '../../src/operations/search-names';
import { createAccount } from '../support/accounts';
import { runAdmin } from '../support/admin-cli';
import { bodyText } from '../support/outbox';
import { sharedTestApp } from '../support/test-app';

const test = sharedTestApp();

const admin = (...argv: string[]) => runAdmin(test.database.db, argv);

describe('npm run admin -- staff …', () => {
  it('grants a role, e-mails the link to /admin through the outbox, lists and removes it (audited)', async () => {
    const db = test.database.db;
    const account = await createAccount(db);
    const added = await admin('staff', 'add', account.email, '--role', 'support', '--edition', 'general');
    expect(added.code, added.output).toBe(0);
    expect(added.output).toContain('is now support (general)');
    const roles = await db
      .selectFrom('staff_roles')
      .select(['role', 'edition', 'granted_by'])
      .where('user_id', '=', account.id)
      .execute();
    expect(roles).toEqual([{ role: 'support', edition: 'general', granted_by: 'cli' }]);
    const mail = await db
      .selectFrom('outbox')
      .select(['purpose', 'body_text', 'body_sealed'])
      .where('recipient', '=', account.email)
      .executeTakeFirstOrThrow();
    expect(mail.purpose).toBe('staff_enrolment');
    expect(bodyText(mail)).toContain('http://localhost:3000/admin');
    // Twice is once; the list says the account has no authenticator or passkey yet.
    expect(
      (await admin('staff', 'add', account.email, '--role', 'support', '--edition', 'general')).output,
    ).toContain('already holds that role');
    expect((await admin('staff', 'list')).output).toMatch(
      new RegExp(`${account.email} \\(general\\)  support  \\[general\\]  NO authenticator or passkey`),
    );
    const removed = await admin('staff', 'remove', account.email);
    expect(removed.output).toContain('1 role(s) taken');
    const audit = await db
      .selectFrom('audit_events')
      .select(['kind', 'actor'])
      .where('user_id', '=', account.id)
      .where('kind', 'like', 'staff.role_%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { kind: 'staff.role_granted', actor: 'cli' },
      { kind: 'staff.role_removed', actor: 'cli' },
    ]);
  });

  it('refuses a company admin without a company, a company for another role, an unknown account or role', async () => {
    const account = await createAccount(test.database.db);
    expect((await admin('staff', 'add', account.email, '--role', 'company-admin')).output).toContain(
      '--company is required',
    );
    expect((await admin('staff', 'add', account.email, '--role', 'support', '--company', '1')).code).toBe(1);
    expect((await admin('staff', 'add', 'nobody@test.example', '--role', 'support')).output).toContain(
      'signs up first',
    );
    expect((await admin('staff', 'add', account.email, '--role', 'boss')).output).toContain(
      '--role must be one of',
    );
    expect((await admin('staff')).code).toBe(2);
  });
});

describe('the folded names of the admin search', () => {
  it('are kept by the trigger, and filled for rows written before it', async () => {
    const db = test.database.db;
    const account = await createAccount(db, { firstname: 'Déjà Ü' });
    const row = () =>
      db
        .selectFrom('users')
        .select(['search_name', 'search_name_first'])
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
    expect(await row()).toEqual({ search_name: 'user deja u', search_name_first: 'deja u user' });
    // A row from before the migration: the start fills it, a second run finds nothing to do.
    await sql`ALTER TABLE users DISABLE TRIGGER users_search_names`.execute(db);
    try {
      await db.updateTable('users').set({ lastname: 'Ömer' }).where('id', '=', account.id).execute();
      await sql`UPDATE users SET search_name = NULL, search_name_first = NULL WHERE id = ${account.id}`.execute(
        db,
      );
    } finally {
      await sql`ALTER TABLE users ENABLE TRIGGER users_search_names`.execute(db);
    }
    expect(await fillSearchNames(db)).toBeGreaterThanOrEqual(1);
    expect(await row()).toEqual({ search_name: 'omer deja u', search_name_first: 'deja u omer' });
    expect(await fillSearchNames(db)).toBe(0);
  });
});
