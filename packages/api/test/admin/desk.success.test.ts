import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMfaAccount } from '../mfa/helpers';
import { createAccount } from '../support/accounts';
import { bodyText } from '../support/outbox';
import { login, sharedTestApp } from '../support/test-app';
import { adminTargets, staffSession } from './helpers';

// The support desk and the security officer, as they work (decision 0076).

const test = sharedTestApp();
const db = () => test.database.db;

const search = (token: string, by: string, q: string, cursor?: string) =>
  test.call({
    method: 'GET',
    url: `/api/admin/accounts?${new URLSearchParams({ by, q, ...(cursor ? { cursor } : {}) })}`,
    token,
  });

describe('support finds an account', () => {
  it('by card number, e-mail, phone or national register number, exactly, masked', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general' });
    const { account } = await adminTargets(db());
    const spaced = account.card.replace(/(\d{4})(?=\d)/g, '$1 ');
    for (const [by, q] of [
      ['card', spaced],
      ['email', account.email.toUpperCase()],
      ['phone', account.phone],
    ] as const) {
      const response = await search(support.token, by, q);
      expect(response.statusCode, `${by} ${response.body}`).toBe(200);
      const [hit, ...others] = response.json().data;
      expect(others, by).toEqual([]);
      expect(hit).toMatchObject({ id: account.id, edition: 'general', name: 'Target User', locked: false });
      expect(hit.email).toMatch(/^u\*\*\*@test\.example$/);
      expect(hit.phone).not.toContain(account.phone.slice(3, 9));
    }
    // Emma of the demo data has a national register number on her account.
    const byNrn = await search(support.token, 'nrn', '85.07.30-033.28');
    expect(byNrn.json().data.map((h: { name: string }) => h.name)).toEqual(['Emma Peeters']);
  });

  it('by name prefix, accents and case ignored, either name first, a page at a time', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general' });
    const family = `Zéphyrin${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 23; i++) {
      const user = await createAccount(db(), { firstname: `Élise${String(i).padStart(2, '0')}` });
      await db().updateTable('users').set({ lastname: family }).where('id', '=', user.id).execute();
    }
    const folded = family.toLowerCase().replace('é', 'e');
    const first = await search(support.token, 'name', folded.toUpperCase());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toHaveLength(20);
    expect(first.json().data[0].name).toBe(`Élise00 ${family}`);
    const second = await search(support.token, 'name', folded, first.json().next_cursor);
    expect(second.json().data.map((h: { name: string }) => h.name)).toEqual([
      `Élise20 ${family}`,
      `Élise21 ${family}`,
      `Élise22 ${family}`,
    ]);
    expect(second.json().next_cursor).toBeNull();
    const firstNameFirst = await search(support.token, 'name', `elise07 ${folded.slice(0, 4)}`);
    expect(firstNameFirst.json().data.map((h: { name: string }) => h.name)).toEqual([`Élise07 ${family}`]);
    // A LIKE wildcard typed is a character like any other.
    expect((await search(support.token, 'name', 'zé%')).json().data).toEqual([]);
  });

  it('writes an audit row per search naming its kind and count, never what was typed', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general' });
    const { account } = await adminTargets(db());
    await search(support.token, 'email', account.email);
    const row = await db()
      .selectFrom('audit_events')
      .select(['kind', 'actor', 'actor_role', 'detail'])
      .where('actor', '=', `user:${support.id}`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'staff.accounts_searched',
      actor_role: 'support',
      detail: { by: 'email', found: 1 },
    });
    expect(JSON.stringify(row.detail)).not.toContain(account.email);
  });
});

describe('the account page', () => {
  it('shows the account masked, and reveals a field for a reason (audited)', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general' });
    const { account } = await adminTargets(db());
    const page = await test.call({
      method: 'GET',
      url: `/api/admin/accounts/${account.id}`,
      token: support.token,
    });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.profile.birthdate).toBe('****-**-**');
    expect(body.cards).toEqual([
      expect.objectContaining({ number: `**** **** **** ${account.card.slice(-4)}`, status: 'active' }),
    ]);
    expect(body.invitations).toHaveLength(1);
    expect(JSON.stringify(body)).not.toContain(account.email);
    const revealed = await test.call({
      method: 'POST',
      url: `/api/admin/accounts/${account.id}/reveal`,
      token: support.token,
      payload: { field: 'cards', reason: 'caller reads the card', ticket: 'T-42' },
    });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json().values.map((v: { value: string }) => v.value)).toEqual([account.card]);
    const audit = await db()
      .selectFrom('audit_events')
      .select(['actor', 'actor_role', 'detail'])
      .where('user_id', '=', account.id)
      .where('kind', '=', 'staff.field_revealed')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor: `user:${support.id}`,
      actor_role: 'support',
      detail: { field: 'cards', reason: 'caller reads the card', ticket: 'T-42' },
    });
  });
});

describe('support acts on an account', () => {
  it('ends its sessions; the user reads "Support ended your sessions: <reason>" in their timeline', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general', stepUp: 'totp' });
    const user = await createAccount(db());
    const before = await login(test, user.email, user.password);
    const ended = await test.call({
      method: 'POST',
      url: `/api/admin/accounts/${user.id}/end-sessions`,
      token: support.token,
      payload: { reason: 'lost phone', ticket: 'T-7' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().sessions_ended).toBe(1);
    expect((await test.call({ method: 'GET', url: '/api/user', token: before })).statusCode).toBe(401);
    const after = await login(test, user.email, user.password);
    const events = await test.call({ method: 'GET', url: '/api/security/events', token: after });
    const entry = events.json().data.find((e: { kind: string }) => e.kind === 'staff.sessions_ended');
    expect(entry).toMatchObject({ detail: { reason: 'lost phone', sessions_ended: 1 }, location: null });
  });

  it('locks and unlocks it, each in the audit with actor, role, reason and ticket', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general', stepUp: 'totp' });
    const user = await createAccount(db());
    for (const action of ['lock', 'unlock'] as const) {
      const response = await test.call({
        method: 'POST',
        url: `/api/admin/accounts/${user.id}/${action}`,
        token: support.token,
        payload: { reason: `${action} for test`, ticket: 'T-9' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const row = await db()
        .selectFrom('users')
        .select('locked_at')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.locked_at === null, action).toBe(action === 'unlock');
    }
    const rows = await db()
      .selectFrom('audit_events')
      .select(['kind', 'actor', 'actor_role', 'detail'])
      .where('user_id', '=', user.id)
      .where('kind', 'like', 'staff.%')
      .orderBy('id')
      .execute();
    expect(
      rows.map((row) => [row.kind, row.actor, row.actor_role, row.detail.reason, row.detail.ticket]),
    ).toEqual([
      ['staff.account_locked', `user:${support.id}`, 'support', 'lock for test', 'T-9'],
      ['staff.account_unlocked', `user:${support.id}`, 'support', 'unlock for test', 'T-9'],
    ]);
  });
});

describe('a closure started by support', () => {
  it('ends the sessions, starts the grace period with its e-mail, and is audited once for the desk', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general', stepUp: 'totp' });
    const user = await createAccount(db());
    const before = await login(test, user.email, user.password);
    const close = () =>
      test.call({
        method: 'POST',
        url: `/api/admin/accounts/${user.id}/close`,
        token: support.token,
        payload: { reason: 'asked by phone', ticket: 'T-11' },
      });
    const started = await close();
    expect(started.statusCode, started.body).toBe(200);
    const closesAt = new Date(started.json().closes_at).getTime();
    expect(closesAt).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect((await test.call({ method: 'GET', url: '/api/user', token: before })).statusCode).toBe(401);
    const closing = await db()
      .selectFrom('users')
      .select('closes_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(closing.closes_at?.getTime()).toBe(closesAt);
    const mail = await db()
      .selectFrom('outbox')
      .select('purpose')
      .where('recipient', '=', user.email)
      .where('purpose', '=', 'account_closing')
      .executeTakeFirst();
    expect(mail).toBeDefined();
    const rows = await db()
      .selectFrom('audit_events')
      .select(['kind', 'actor', 'actor_role', 'detail'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'staff.closure_started')
      .execute();
    expect(rows.map((row) => [row.actor, row.actor_role, row.detail.reason, row.detail.ticket])).toEqual([
      [`user:${support.id}`, 'support', 'asked by phone', 'T-11'],
    ]);
    // Asked twice: the first closure stands.
    const again = await close();
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('closure_already_requested');
  });
});

describe('a password reset sent by support', () => {
  it('reaches a verified e-mail with a code and a link; the person sets a new password from their own device', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general', stepUp: 'totp' });
    const user = await createAccount(db());
    const sent = await test.call({
      method: 'POST',
      url: `/api/admin/accounts/${user.id}/password-reset`,
      token: support.token,
      payload: { reason: 'forgot password, called the desk' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().sent_to).toBe(`u***@test.example`);
    const mail = await db()
      .selectFrom('outbox')
      .select(['purpose', 'body_text', 'body_sealed'])
      .where('recipient', '=', user.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.purpose).toBe('staff_password_reset');
    const text = bodyText(mail);
    const payload = /forgot-password-sent\?reset=([\w-]+)/.exec(text)?.[1];
    const code = /\b(\d{8})\b/.exec(text)?.[1];
    expect(payload && code, text).toBeTruthy();
    // The person's own browser: another device than support's.
    const device = randomUUID();
    const verified = await test.call({
      method: 'POST',
      url: '/api/user/forgot-password/verify',
      deviceId: device,
      payload: { payload, code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const reset = await test.call({
      method: 'POST',
      url: '/api/user/reset-password',
      deviceId: device,
      payload: { reset_token: verified.json().reset_token, password: `New-${randomUUID()}` },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });
});

describe('an MFA reset, asked by support and approved by security', () => {
  it('removes every factor in one go, tells every verified contact, and forces the setup at the next login', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general', stepUp: 'totp' });
    const officer = await staffSession(db(), { role: 'security', scope: null, stepUp: 'passkey' });
    const holder = await createMfaAccount(db(), ['sms', 'totp']);
    const { account: carded } = await adminTargets(db());
    // The card and date of birth of the target account, moved to the MFA account.
    await db().updateTable('cards').set({ user_id: holder.id }).where('user_id', '=', carded.id).execute();
    await db()
      .updateTable('users')
      .set({ birthdate: carded.birthdate })
      .where('id', '=', holder.id)
      .execute();

    const asked = await test.call({
      method: 'POST',
      url: `/api/admin/accounts/${holder.id}/mfa-reset`,
      token: support.token,
      payload: {
        card_number: carded.card,
        birthdate: carded.birthdate,
        reason: 'lost phone',
        ticket: 'T-100',
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const queue = await test.call({ method: 'GET', url: '/api/admin/mfa-resets', token: officer.token });
    const mine = queue.json().data.find((r: { id: number }) => r.id === asked.json().id);
    expect(mine).toMatchObject({
      account_id: holder.id,
      requested_by: `user:${support.id}`,
      requested_by_me: false,
      identity_checked: ['card_number', 'birthdate'],
      reason: 'lost phone',
    });

    const approved = await test.call({
      method: 'POST',
      url: `/api/admin/mfa-resets/${asked.json().id}/approve`,
      token: officer.token,
      payload: { reason: 'identity checked by support', ticket: 'T-100' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    const left = await Promise.all([
      db().selectFrom('mfa_methods').select('id').where('user_id', '=', holder.id).execute(),
      db().selectFrom('totp_recovery_keys').select('id').where('user_id', '=', holder.id).execute(),
    ]);
    expect(left).toEqual([[], []]);
    const user = await db()
      .selectFrom('users')
      .select('mfa_forced')
      .where('id', '=', holder.id)
      .executeTakeFirstOrThrow();
    expect(user.mfa_forced).toBe(true);
    const notices = await db()
      .selectFrom('outbox')
      .select(['recipient', 'purpose'])
      .where('purpose', '=', 'mfa_reset')
      .where('recipient', 'in', [holder.email, holder.phone])
      .execute();
    expect(notices.map((n) => n.recipient).sort()).toEqual([holder.email, holder.phone].sort());

    // The next login must set MFA up again; its timeline says what support did and why.
    const token = await login(test, holder.email, holder.password);
    const restricted = await test.call({ method: 'GET', url: '/api/security/events', token });
    expect(restricted.json().code).toBe('mfa_setup_required');
    const row = await db()
      .selectFrom('audit_events')
      .select(['actor', 'actor_role', 'detail'])
      .where('user_id', '=', holder.id)
      .where('kind', '=', 'staff.mfa_reset_approved')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor: `user:${officer.id}`,
      actor_role: 'security',
      detail: { reason: 'lost phone', decision_reason: 'identity checked by support', ticket: 'T-100' },
    });
  });
});

describe('security searches and exports the audit log', () => {
  it('filters by staff member and kind, pages by keyset, and exports CSV (the export audited)', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general', stepUp: 'totp' });
    const officer = await staffSession(db(), { role: 'security', scope: null });
    const { account } = await adminTargets(db());
    await test.call({
      method: 'POST',
      url: `/api/admin/accounts/${account.id}/reveal`,
      token: support.token,
      payload: { field: 'birthdate', reason: '=HYPERLINK("x")' },
    });
    const found = await test.call({
      method: 'GET',
      url: `/api/admin/audit?actor=user:${support.id}&kind=staff.field_revealed`,
      token: officer.token,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual([
      expect.objectContaining({ account_id: account.id, actor: `user:${support.id}`, actor_role: 'support' }),
    ]);
    const exported = await test.call({
      method: 'POST',
      url: '/api/admin/audit/export',
      token: officer.token,
      payload: { actor: `user:${support.id}`, reason: 'quarterly review', ticket: 'AUD-1' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = exported.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,edition,account_id,kind,ip,device_id,actor,actor_role,reason,ticket',
    );
    expect(
      lines.some((line) => line.includes('staff.field_revealed') && line.includes(`"'=HYPERLINK(""x"")"`)),
    ).toBe(true);
    const exportRow = await db()
      .selectFrom('audit_events')
      .select(['detail'])
      .where('actor', '=', `user:${officer.id}`)
      .where('kind', '=', 'staff.audit_exported')
      .executeTakeFirstOrThrow();
    expect(exportRow.detail).toMatchObject({ reason: 'quarterly review', ticket: 'AUD-1' });
  });
});
