import { randomUUID } from 'node:crypto';
import SCIMMY from 'scimmy';
import { beforeAll, describe, expect, it } from 'vitest';
import { complete, randomIp, start, toPasswordStep } from '../onboarding/helpers';
import { createAccount } from '../support/accounts';
import { login, sharedTestApp } from '../support/test-app';
import { invitationCodeTo, PATCH_SCHEMA, SCIM_TYPE, scimCompany, scimUser, USER_SCHEMA } from './helpers';

// A SCIM client session over real HTTP, as an HR system runs it (RFC 7644 §3 examples): create,
// filter, deactivate, delete; and what each step does to the invitation and the account.

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

const test = sharedTestApp();
let base: string;
let company: Awaited<ReturnType<typeof scimCompany>>;

beforeAll(async () => {
  const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address}/scim/v2`;
  company = await scimCompany(test.database.db);
});

async function scim(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${company.token}`,
      accept: SCIM_TYPE,
      ...(body === undefined ? {} : { 'content-type': SCIM_TYPE }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** The invited person signs up with the code of their invitation e-mail: the account exists. */
async function acceptInvitation(email: string) {
  const extra = { remoteAddress: randomIp(), deviceId: randomUUID() };
  const code = await invitationCodeTo(test.database.db, email);
  const started = await start(test, 'invitation', code, extra);
  expect(started.statusCode).toBe(201);
  await toPasswordStep(test, started.json(), extra, { email });
  const done = await complete(test, started.json().id, extra);
  expect(done.statusCode).toBe(200);
  return { token: done.json().access_token as string, extra };
}

describe('a SCIM client session', () => {
  it('creates, filters, deactivates and deletes: the account ends suspended, then gone, its sessions ended', async () => {
    const db = test.database.db;
    const person = scimUser();
    const created = await scim('POST', '/Users', person);
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toContain(SCIM_TYPE);
    expect(created.body.schemas).toEqual([USER_SCHEMA]);
    expect(created.body.userName).toBe(person.userName);
    expect(created.body.meta.location).toBe(`http://localhost:3000/scim/v2/Users/${created.body.id}`);
    expect(created.headers.get('location')).toBe(created.body.meta.location);
    expect(created.headers.get('etag')).toBe(created.body.meta.version);
    const id = created.body.id as string;
    // The invitation went out through the outbox, for this company.
    const invitation = await db
      .selectFrom('invitations')
      .select(['company_id', 'firstname'])
      .where('email', '=', person.userName)
      .executeTakeFirstOrThrow();
    expect(invitation).toEqual({ company_id: company.id, firstname: 'Bea' });

    const filtered = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${person.userName.toUpperCase()}"`)}`,
    );
    expect(filtered.status).toBe(200);
    expect(filtered.body).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(filtered.body.Resources[0].id).toBe(id);
    const byEmail = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`emails[value eq "${person.userName}"]`)}`,
    );
    expect(byEmail.body.Resources.map((user: { id: string }) => user.id)).toEqual([id]);
    const byExternalId = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`externalId eq "${person.externalId}"`)}&attributes=userName`,
    );
    expect(byExternalId.body.Resources).toHaveLength(1);
    expect(byExternalId.body.Resources[0]).toMatchObject({ id, userName: person.userName });
    expect(byExternalId.body.Resources[0].emails).toBeUndefined();

    const { token } = await acceptInvitation(person.userName);
    expect((await test.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(200);
    const account = await db
      .selectFrom('invitations')
      .select('user_id')
      .where('email', '=', person.userName)
      .executeTakeFirstOrThrow();

    const deactivated = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.active).toBe(false);
    expect((await test.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
    const refused = await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: person.userName, password: 'Blue-harbour-lantern-42' },
    });
    expect(refused.json().code).toBe('account_locked');
    const kinds = await db
      .selectFrom('audit_events')
      .select(['kind', 'detail'])
      .where('user_id', '=', account.user_id)
      .where('kind', 'in', ['account.locked', 'session.revoked_all', 'scim.user_updated'])
      .orderBy('id')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual([
      'account.locked',
      'session.revoked_all',
      'scim.user_updated',
    ]);
    expect(kinds[0]?.detail).toMatchObject({
      by: 'scim',
      company_id: company.id,
      reason: 'scim_deactivated',
    });

    const deleted = await scim('DELETE', `/Users/${id}`);
    expect(deleted.status).toBe(204);
    expect((await scim('GET', `/Users/${id}`)).status).toBe(404);
    // The account existed only by the invitation: it is deleted with the record.
    expect(
      await db.selectFrom('users').select('id').where('id', '=', account.user_id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('announces the deactivation as user.locked and session.revoked webhooks', async () => {
    const db = test.database.db;
    const subscription = await db
      .insertInto('webhook_subscriptions')
      .values({
        url: 'https://receiver.test/hooks',
        event_types: ['user.locked', 'session.revoked', 'user.unlocked'],
        secret_sealed: 'unused',
        secret_hash: randomUUID(),
        // Held disabled once the events are written: no worker of another file delivers them.
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const person = scimUser();
      const id = (await scim('POST', '/Users', person)).body.id as string;
      await acceptInvitation(person.userName);
      await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'Replace', value: { active: 'False' } }],
      });
      await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'replace', path: 'active', value: true }],
      });
      const events = await db
        .selectFrom('webhook_deliveries')
        .select(['event_type', 'payload'])
        .where('subscription_id', '=', subscription.id)
        .orderBy('id')
        .execute();
      expect(events.map((row) => row.event_type)).toEqual([
        'user.locked',
        'session.revoked',
        'user.unlocked',
      ]);
      expect(JSON.stringify(events)).not.toContain(person.userName);
    } finally {
      await db.deleteFrom('webhook_subscriptions').where('id', '=', subscription.id).execute();
    }
  });

  it('reactivation lifts its own lock only, and the person signs in again', async () => {
    const person = scimUser();
    const id = (await scim('POST', '/Users', person)).body.id as string;
    await acceptInvitation(person.userName);
    await scim('PUT', `/Users/${id}`, { ...person, active: false });
    const restored = await scim('PUT', `/Users/${id}`, { ...person, active: true });
    expect(restored.status).toBe(200);
    expect(restored.body.active).toBe(true);
    // The password is taken again: the login goes on to its second factor, not account_locked.
    const again = await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: person.userName, password: 'Blue-harbour-lantern-42' },
    });
    expect(again.json().code).toBe('mfa_required');
  });

  it("keeps a card holder's own account at deprovisioning: its sessions end, the company's lock goes", async () => {
    const db = test.database.db;
    const person = scimUser();
    const id = (await scim('POST', '/Users', person)).body.id as string;
    const { token } = await acceptInvitation(person.userName);
    const invitation = await db
      .selectFrom('invitations')
      .select('user_id')
      .where('email', '=', person.userName)
      .executeTakeFirstOrThrow();
    const accountId = invitation.user_id as number;
    // The account became an employee's (a card linked later gives it its employee-area id).
    await db
      .updateTable('users')
      .set({ user_id: `MM-${accountId}` })
      .where('id', '=', accountId)
      .execute();
    await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
    expect((await test.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
    const kept = await db
      .selectFrom('users')
      .select('locked_at')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(kept.locked_at).toBeNull();
  });

  it('withdraws a pending invitation when the person is deactivated, and sends a new one on reactivation', async () => {
    const db = test.database.db;
    const person = scimUser();
    const id = (await scim('POST', '/Users', person)).body.id as string;
    const code = await invitationCodeTo(db, person.userName);
    await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    const extra = { remoteAddress: randomIp(), deviceId: randomUUID() };
    expect((await start(test, 'invitation', code, extra)).statusCode).toBe(410);
    await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    const fresh = await invitationCodeTo(db, person.userName);
    expect(fresh).not.toBe(code);
    expect((await start(test, 'invitation', fresh, extra)).statusCode).toBe(201);
  });

  it('pages with startIndex and count, and projects with excludedAttributes', async () => {
    const other = await scimCompany(test.database.db);
    const headers = { authorization: `Bearer ${other.token}` };
    for (let i = 0; i < 3; i++) await scim('POST', '/Users', scimUser(), headers);
    const page = await scim(
      'GET',
      '/Users?startIndex=2&count=1&excludedAttributes=emails,name',
      undefined,
      headers,
    );
    expect(page.body).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(page.body.Resources[0].emails).toBeUndefined();
    expect(page.body.Resources[0].userName).toBeTypeOf('string');
    const countOnly = await scim('GET', '/Users?count=0', undefined, headers);
    expect(countOnly.body).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
  });

  it('describes itself: ServiceProviderConfig, Schemas, ResourceTypes', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
    });
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.body.Resources.map((schema: { id: string }) => schema.id)).toEqual([USER_SCHEMA]);
    expect((await scim('GET', `/Schemas/${USER_SCHEMA}`)).body.id).toBe(USER_SCHEMA);
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body.Resources).toMatchObject([{ id: 'User', endpoint: '/Users', schema: USER_SCHEMA }]);
  });
});

describe('the RFC examples', () => {
  it('takes the full User of RFC 7643 §8.2 with the enterprise extension, keeping what maps and never a password', async () => {
    const local = `bjensen-${randomUUID().slice(0, 8)}`;
    const full = {
      schemas: [USER_SCHEMA, ENTERPRISE],
      externalId: local,
      userName: `${local}@example.com`,
      name: {
        formatted: 'Ms. Barbara J Jensen, III',
        familyName: 'Jensen',
        givenName: 'Barbara',
        middleName: 'Jane',
        honorificPrefix: 'Ms.',
        honorificSuffix: 'III',
      },
      displayName: 'Babs Jensen',
      nickName: 'Babs',
      profileUrl: 'https://login.example.com/bjensen',
      emails: [
        { value: `${local}@example.com`, type: 'work', primary: true },
        { value: `${local}@jensen.org`, type: 'home' },
      ],
      addresses: [
        {
          type: 'work',
          streetAddress: '100 Universal City Plaza',
          locality: 'Hollywood',
          region: 'CA',
          postalCode: '91608',
          country: 'USA',
          primary: true,
        },
      ],
      phoneNumbers: [{ value: '555-555-5555', type: 'work' }],
      userType: 'Employee',
      title: 'Tour Guide',
      preferredLanguage: 'nl-BE',
      locale: 'en-US',
      timezone: 'America/Los_Angeles',
      active: true,
      password: 't1meMa$heen',
      [ENTERPRISE]: {
        employeeNumber: '701984',
        costCenter: '4130',
        organization: 'Universal Studios',
        department: 'Tour Operations',
      },
    };
    const created = await scim('POST', '/Users', full);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userName: full.userName,
      externalId: local,
      name: { givenName: 'Barbara', familyName: 'Jensen' },
      preferredLanguage: 'nl',
      active: true,
    });
    expect(created.body.emails).toEqual([{ value: full.userName, type: 'work', primary: true }]);
    expect(JSON.stringify(created.body)).not.toContain('t1meMa$heen');
    // scimmy, read as a client reads an answer, takes the list and its resources as SCIM.
    const listed = await scim('GET', `/Users?filter=${encodeURIComponent(`externalId eq "${local}"`)}`);
    const list = new SCIMMY.Messages.ListResponse(listed.body);
    expect(list.Resources.map((user) => new SCIMMY.Schemas.User(user, 'in').userName)).toEqual([
      full.userName,
    ]);
  });

  it('applies the PATCH of RFC 7644 §3.5.2.1 (add a home e-mail): the invitation stays with the primary one', async () => {
    const person = scimUser();
    const id = (await scim('POST', '/Users', person)).body.id as string;
    const patched = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'add', path: 'emails', value: [{ value: 'babs@jensen.org', type: 'home' }] }],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.emails).toEqual([{ value: person.userName, type: 'work', primary: true }]);
  });
});

describe('another company', () => {
  it("never sees nor changes the first company's people", async () => {
    const db = test.database.db;
    const first = (await scim('POST', '/Users', scimUser())).body.id as string;
    const other = await scimCompany(db);
    const headers = { authorization: `Bearer ${other.token}` };
    expect((await scim('GET', `/Users/${first}`, undefined, headers)).status).toBe(404);
    expect((await scim('DELETE', `/Users/${first}`, undefined, headers)).status).toBe(404);
    expect((await scim('GET', '/Users', undefined, headers)).body.totalResults).toBe(0);
    const account = await createAccount(db);
    // A company naming an existing account's address gets an invitation, never that account.
    const claimed = await scim(
      'POST',
      '/Users',
      scimUser({ userName: account.email, emails: [{ value: account.email }] }),
      headers,
    );
    expect(claimed.status).toBe(201);
    await scim(
      'PATCH',
      `/Users/${claimed.body.id}`,
      { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'active', value: false }] },
      headers,
    );
    await expect(login(test, account.email, account.password)).resolves.toBeTypeOf('string');
  });
});
