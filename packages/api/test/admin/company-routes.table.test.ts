import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@vestibule/contract/schemas/admin';
import { beforeAll, describe, expect, it } from 'vitest';
import { joinCompany } from '../../src/flows/company-admin/membership';
import { companyId as companyNamed } from '../../src/flows/onboarding/registry';
import { createAccount } from '../support/accounts';
import { login, sharedTestApp } from '../support/test-app';
import { clientToken, machineClient, staffSession } from './helpers';

// Every company-admin and webhooks route of the admin API × every caller × own or other company:
// allowed, 401, 403 or 404 (decision 0076's rules, decision 0077's routes).

const test = sharedTestApp();

interface Row {
  method: 'GET' | 'POST' | 'PUT';
  /** The path for a company and a person of it (or a subscription). */
  url: (ids: Ids) => string;
  body?: (ids: Ids) => Record<string, unknown>;
  capability: 'companies' | 'operations';
}

interface Ids {
  company: number;
  person: number;
  invitation: number;
  webhook: number;
}

const ROUTES: Row[] = [
  { method: 'GET', url: (i) => `/api/admin/companies/${i.company}/people`, capability: 'companies' },
  { method: 'GET', url: (i) => `/api/admin/companies/${i.company}/invitations`, capability: 'companies' },
  {
    method: 'POST',
    url: (i) => `/api/admin/companies/${i.company}/invitations`,
    body: () => ({ email: `t-${randomUUID().slice(0, 8)}@test.example` }),
    capability: 'companies',
  },
  {
    method: 'POST',
    url: (i) => `/api/admin/companies/${i.company}/invitations/csv`,
    body: () => ({
      csv_base64: Buffer.from(`email\nc-${randomUUID().slice(0, 8)}@test.example\n`).toString('base64'),
    }),
    capability: 'companies',
  },
  {
    method: 'POST',
    url: (i) => `/api/admin/companies/${i.company}/invitations/${i.invitation}/revoke`,
    capability: 'companies',
  },
  {
    method: 'POST',
    url: (i) => `/api/admin/companies/${i.company}/people/${i.person}/suspend`,
    body: () => ({ reason: 'Left the company' }),
    capability: 'companies',
  },
  {
    method: 'POST',
    url: (i) => `/api/admin/companies/${i.company}/people/${i.person}/restore`,
    body: () => ({ reason: 'Came back' }),
    capability: 'companies',
  },
  { method: 'GET', url: (i) => `/api/admin/companies/${i.company}/mfa-adoption`, capability: 'companies' },
  { method: 'GET', url: (i) => `/api/admin/companies/${i.company}/mfa-policy`, capability: 'companies' },
  {
    method: 'PUT',
    url: (i) => `/api/admin/companies/${i.company}/mfa-policy`,
    body: () => ({ policy: 'recommended' }),
    capability: 'companies',
  },
  { method: 'GET', url: () => '/api/admin/webhooks', capability: 'operations' },
  {
    method: 'POST',
    url: () => '/api/admin/webhooks',
    body: () => ({ url: 'http://127.0.0.1:9/hook', events: ['iban.changed'] }),
    capability: 'operations',
  },
  { method: 'POST', url: (i) => `/api/admin/webhooks/${i.webhook}/rotate-secret`, capability: 'operations' },
  {
    method: 'PUT',
    url: (i) => `/api/admin/webhooks/${i.webhook}/enabled`,
    body: () => ({ enabled: true }),
    capability: 'operations',
  },
  { method: 'GET', url: (i) => `/api/admin/webhooks/${i.webhook}/deliveries`, capability: 'operations' },
];

const ROLES: StaffRole[] = ['support', 'security', 'operator', 'company-admin'];
const ROLE_CAPABILITY: Record<StaffRole, string> = {
  support: 'accounts',
  security: 'audit',
  operator: 'operations',
  'company-admin': 'companies',
};

let own: Ids;
let other: Ids;

/** A company with one member and one waiting invitation. */
async function company(): Promise<Omit<Ids, 'webhook'>> {
  const db = test.database.db;
  const id = await companyNamed(db, 'general', `Table ${randomUUID().slice(0, 8)}`);
  const person = await createAccount(db);
  await joinCompany(db, person.id, id);
  const invitation = await db
    .insertInto('invitations')
    .values({
      edition: 'general',
      code_hash: randomUUID(),
      email: `w-${randomUUID().slice(0, 8)}@test.example`,
      company_id: id,
      firstname: null,
      lastname: null,
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { company: id, person: person.id, invitation: invitation.id };
}

beforeAll(async () => {
  const db = test.database.db;
  const webhook = await db
    .insertInto('webhook_subscriptions')
    .values({
      url: 'http://127.0.0.1:9/hook',
      edition: null,
      event_types: ['iban.changed'],
      secret_sealed: 'x',
      secret_hash: randomUUID(),
      previous_secret_sealed: null,
      previous_secret_until: null,
      disabled_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  own = { ...(await company()), webhook: webhook.id };
  other = { ...(await company()), webhook: webhook.id };
});

const send = (row: Row, ids: Ids, token?: string) =>
  test.call({
    method: row.method,
    url: row.url(ids),
    ...(token ? { token } : {}),
    ...(row.body ? { payload: row.body(ids) } : {}),
  });

/** Allowed: the route did its work (the bodies above are valid; a restore of an active access is 409). */
const allowed = (status: number) => (status >= 200 && status < 300) || status === 409;

describe.each(ROUTES)('$method $capability route', (row) => {
  it('answers 401 without a token and 403 to an end user', async () => {
    expect((await send(row, own)).statusCode).toBe(401);
    const user = await createAccount(test.database.db);
    const response = await send(row, own, await login(test, user.email, user.password));
    expect(response.statusCode).toBe(403);
  });

  it.each(ROLES)(
    'as %s: allowed for its own capability, 403 otherwise; another company is 404',
    async (role) => {
      const staff = await staffSession(test.database.db, {
        role,
        scope: role === 'company-admin' ? 'general' : null,
        companyId: role === 'company-admin' ? own.company : null,
        stepUp: 'totp',
      });
      const response = await send(row, own, staff.token);
      if (ROLE_CAPABILITY[role] !== row.capability) {
        expect(response.statusCode, response.body).toBe(403);
        return;
      }
      expect(allowed(response.statusCode), `${response.statusCode} ${response.body}`).toBe(true);
      if (row.capability === 'companies') {
        const elsewhere = await send(row, other, staff.token);
        expect(elsewhere.statusCode, elsewhere.body).toBe(404);
      }
    },
  );

  it('for a machine client: allowed with its scope, 403 without', async () => {
    const client = await machineClient(test.database.db, `admin:${row.capability} admin:audit`);
    const withScope = await send(row, own, await clientToken(test, client, `admin:${row.capability}`));
    expect(allowed(withScope.statusCode), `${withScope.statusCode} ${withScope.body}`).toBe(true);
    const without = await send(row, own, await clientToken(test, client, 'admin:audit'));
    expect(without.statusCode).toBe(403);
  });
});

describe('a change without a fresh step-up', () => {
  it('answers 403 sudo_required to a company admin', async () => {
    const staff = await staffSession(test.database.db, {
      role: 'company-admin',
      scope: 'general',
      companyId: own.company,
    });
    const response = await send(ROUTES[9] as Row, own, staff.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('sudo_required');
  });
});
