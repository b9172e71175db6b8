import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '../../src/admin/routes';
import { createAccount } from '../support/accounts';
import { login, sharedTestApp, type TestApp } from '../support/test-app';
import { type AdminTargets, adminTargets, clientToken, hostOf, machineClient, staffSession } from './helpers';

// Every admin route × every kind of caller (decision 0076): allowed, 401 without a token, 403 for
// an end user or a role without the capability, 404 for a resource outside the caller's editions
// (or company). A new route adds a row to ROUTES; a new kind of caller an entry to CALLERS.

const test = sharedTestApp();

/** Who calls: a factory answering the bearer token and the host it calls on. */
type Caller = (test: TestApp) => Promise<{ token: string; host: string }>;

const staff =
  (options: Parameters<typeof staffSession>[1]): Caller =>
  async (app) => {
    const session = await staffSession(app.database.db, { stepUp: 'totp', ...options });
    return { token: session.token, host: session.host };
  };

const CALLERS: Record<string, Caller> = {
  'end user': async (app) => {
    const user = await createAccount(app.database.db);
    return { token: await login(app, user.email, user.password), host: hostOf() };
  },
  support: staff({ role: 'support', scope: 'general' }),
  'support (lu only)': staff({ role: 'support', scope: 'lu', edition: 'lu' }),
  security: staff({ role: 'security', scope: null }),
  'security (lu only)': staff({ role: 'security', scope: 'lu', edition: 'lu' }),
  operator: staff({ role: 'operator', scope: null }),
  'company admin': staff({ role: 'company-admin', scope: 'general', companyId: 1 }),
  'machine client': async (app) => {
    const scopes = 'admin:accounts.read admin:accounts.write admin:audit';
    const client = await machineClient(app.database.db, scopes, 'general');
    return { token: await clientToken(app, client, scopes), host: hostOf() };
  },
};

type Expected = Partial<Record<keyof typeof CALLERS, number>>;

interface RouteRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as declared (matched against ADMIN_ROUTES, so none is forgotten). */
  route: string;
  path: (targets: AdminTargets) => string;
  body?: (targets: AdminTargets) => Record<string, unknown>;
  /** Status per caller; a caller not named answers 403. */
  expect: Expected;
}

const reason = { reason: 'route table', ticket: 'T-1' };
const readers: Expected = { support: 200, security: 200, 'machine client': 200 };
const scopedReaders: Expected = { ...readers, 'support (lu only)': 404, 'security (lu only)': 404 };
const writers = (status: number): Expected => ({
  support: status,
  'machine client': status,
  'support (lu only)': 404,
});
const everyStaff: Expected = {
  support: 200,
  'support (lu only)': 200,
  security: 200,
  'security (lu only)': 200,
  operator: 200,
  'company admin': 200,
  'machine client': 200,
};

const ROUTES: RouteRow[] = [
  { method: 'GET', route: '/admin/me', path: () => '/api/admin/me', expect: everyStaff },
  {
    method: 'GET',
    route: '/admin/accounts',
    path: () => '/api/admin/accounts?by=name&q=Target',
    expect: { ...readers, 'support (lu only)': 200, 'security (lu only)': 200 },
  },
  {
    method: 'GET',
    route: '/admin/accounts/:id',
    path: (t) => `/api/admin/accounts/${t.account.id}`,
    expect: scopedReaders,
  },
  {
    method: 'POST',
    route: '/admin/accounts/:id/reveal',
    path: (t) => `/api/admin/accounts/${t.account.id}/reveal`,
    body: () => ({ field: 'contacts', ...reason }),
    expect: scopedReaders,
  },
  ...(['lock', 'unlock', 'end-sessions'] as const).map(
    (action): RouteRow => ({
      method: 'POST',
      route: '/admin/accounts/:id/:action',
      path: (t) => `/api/admin/accounts/${t.account.id}/${action}`,
      body: () => reason,
      expect: writers(200),
    }),
  ),
  {
    method: 'POST',
    route: '/admin/accounts/:id/mfa-reset',
    path: (t) => `/api/admin/accounts/${t.account.id}/mfa-reset`,
    body: (t) => ({ card_number: t.account.card, birthdate: t.account.birthdate, ...reason }),
    expect: writers(201),
  },
  {
    method: 'POST',
    route: '/admin/accounts/:id/close',
    path: (t) => `/api/admin/accounts/${t.account.id}/close`,
    body: () => reason,
    expect: writers(200),
  },
  {
    method: 'POST',
    route: '/admin/accounts/:id/password-reset',
    path: (t) => `/api/admin/accounts/${t.account.id}/password-reset`,
    body: () => reason,
    expect: writers(200),
  },
  ...(['resend', 'revoke'] as const).map(
    (action): RouteRow => ({
      method: 'POST',
      route: '/admin/invitations/:id/:action',
      path: (t) => `/api/admin/invitations/${t.invitationId}/${action}`,
      body: () => reason,
      expect: writers(204),
    }),
  ),
  {
    method: 'GET',
    route: '/admin/mfa-resets',
    path: () => '/api/admin/mfa-resets',
    expect: { ...readers, 'support (lu only)': 200, 'security (lu only)': 200 },
  },
  ...(['approve', 'refuse'] as const).map(
    (decision): RouteRow => ({
      method: 'POST',
      route: '/admin/mfa-resets/:id/:decision',
      path: (t) => `/api/admin/mfa-resets/${t.mfaResetId}/${decision}`,
      body: () => reason,
      expect: { security: 200, 'security (lu only)': 404 },
    }),
  ),
  {
    method: 'GET',
    route: '/admin/audit',
    path: (t) => `/api/admin/audit?account=${t.account.id}`,
    expect: { security: 200, 'security (lu only)': 200, 'machine client': 200 },
  },
  {
    method: 'POST',
    route: '/admin/audit/export',
    path: () => '/api/admin/audit/export',
    body: (t) => ({ account: t.account.id, ...reason }),
    expect: { security: 200, 'security (lu only)': 200, 'machine client': 200 },
  },
  {
    method: 'GET',
    route: '/admin/staff',
    path: () => '/api/admin/staff',
    expect: { security: 200, 'security (lu only)': 200 },
  },
  {
    method: 'POST',
    route: '/admin/staff/roles',
    path: () => '/api/admin/staff/roles',
    body: (t) => ({ email: t.account.email, edition: 'general', role: 'support', ...reason }),
    expect: { security: 200, 'security (lu only)': 404 },
  },
  {
    method: 'DELETE',
    route: '/admin/staff/roles/:grantId',
    path: () => '/api/admin/staff/roles/999999',
    body: () => reason,
    expect: { security: 404, 'security (lu only)': 404 },
  },
  // The company admin's routes (decision 0077) on Acme Belgium (company 1, the company admin's):
  // the target account is no member of it, so acting on it answers 404 as for another company's.
  ...(['people', 'invitations', 'mfa-adoption', 'mfa-policy'] as const).map(
    (part): RouteRow => ({
      method: 'GET',
      route: `/admin/companies/:companyId/${part}`,
      path: () => `/api/admin/companies/1/${part}`,
      expect: { 'company admin': 200 },
    }),
  ),
  {
    method: 'PUT',
    route: '/admin/companies/:companyId/mfa-policy',
    path: () => '/api/admin/companies/1/mfa-policy',
    body: () => ({ policy: 'none' }),
    expect: { 'company admin': 200 },
  },
  {
    method: 'POST',
    route: '/admin/companies/:companyId/invitations',
    path: () => '/api/admin/companies/1/invitations',
    body: () => ({ email: `table-${randomUUID().slice(0, 8)}@test.example` }),
    expect: { 'company admin': 201 },
  },
  {
    method: 'POST',
    route: '/admin/companies/:companyId/invitations/csv',
    path: () => '/api/admin/companies/1/invitations/csv',
    body: () => ({
      csv_base64: Buffer.from(`email\ncsv-${randomUUID().slice(0, 8)}@test.example\n`).toString('base64'),
    }),
    expect: { 'company admin': 201 },
  },
  {
    method: 'POST',
    route: '/admin/companies/:companyId/invitations/:invitationId/revoke',
    path: (t) => `/api/admin/companies/1/invitations/${t.invitationId}/revoke`,
    expect: { 'company admin': 204 },
  },
  ...(['suspend', 'restore'] as const).map(
    (action): RouteRow => ({
      method: 'POST',
      route: `/admin/companies/:companyId/people/:id/${action}`,
      path: (t) => `/api/admin/companies/1/people/${t.account.id}/${action}`,
      body: () => reason,
      expect: { 'company admin': 404 },
    }),
  ),
  // The operator's invitation batches: the company admin's CSV for any company of its editions.
  { method: 'GET', route: '/admin/companies', path: () => '/api/admin/companies', expect: { operator: 200 } },
  {
    method: 'POST',
    route: '/admin/companies/:companyId/invitation-batches',
    path: () => '/api/admin/companies/1/invitation-batches',
    body: () => ({
      csv_base64: Buffer.from(`email\nbatch-${randomUUID().slice(0, 8)}@test.example\n`).toString('base64'),
      ...reason,
    }),
    expect: { operator: 201 },
  },
  // The operator's webhooks: a subscription that does not exist is 404 to the operator only.
  { method: 'GET', route: '/admin/webhooks', path: () => '/api/admin/webhooks', expect: { operator: 200 } },
  {
    method: 'POST',
    route: '/admin/webhooks',
    path: () => '/api/admin/webhooks',
    body: () => ({ url: 'http://127.0.0.1:9/table', events: ['user.updated'] }),
    expect: { operator: 201 },
  },
  {
    method: 'POST',
    route: '/admin/webhooks/:id/rotate-secret',
    path: () => '/api/admin/webhooks/999999/rotate-secret',
    expect: { operator: 404 },
  },
  {
    method: 'PUT',
    route: '/admin/webhooks/:id/enabled',
    path: () => '/api/admin/webhooks/999999/enabled',
    body: () => ({ enabled: false }),
    expect: { operator: 404 },
  },
  {
    method: 'GET',
    route: '/admin/webhooks/:id/deliveries',
    path: () => '/api/admin/webhooks/999999/deliveries',
    expect: { operator: 404 },
  },
  {
    method: 'POST',
    route: '/admin/webhooks/:id/deliveries/:delivery/replay',
    path: () => '/api/admin/webhooks/999999/deliveries/1/replay',
    body: () => ({}),
    expect: { operator: 404 },
  },
  // The operator's card import and SCIM tokens: a bad file and a company that does not exist
  // answer 422 and 404 to the operator only.
  {
    method: 'POST',
    route: '/admin/cards/import',
    path: () => '/api/admin/cards/import',
    body: () => ({ edition: 'general', csv_base64: Buffer.from('edition\n').toString('base64'), ...reason }),
    expect: { operator: 422 },
  },
  {
    method: 'GET',
    route: '/admin/scim/companies/:companyId/tokens',
    path: () => '/api/admin/scim/companies/1/tokens',
    expect: { operator: 200 },
  },
  {
    method: 'POST',
    route: '/admin/scim/companies/:companyId/tokens',
    path: () => '/api/admin/scim/companies/999999/tokens',
    body: () => ({ label: 'table', ...reason }),
    expect: { operator: 404 },
  },
  {
    method: 'POST',
    route: '/admin/scim/companies/:companyId/tokens/:tokenId/revoke',
    path: () => '/api/admin/scim/companies/1/tokens/999999/revoke',
    body: () => reason,
    expect: { operator: 404 },
  },
  // The operator's OAuth clients and maintenance switch: a client that does not exist is 404 to
  // the operator only; maintenance is only ever switched off here (the table shares its server).
  {
    method: 'GET',
    route: '/admin/oauth-clients',
    path: () => '/api/admin/oauth-clients',
    expect: { operator: 200 },
  },
  {
    method: 'GET',
    route: '/admin/oauth-clients/:id',
    path: () => '/api/admin/oauth-clients/no-such-client',
    expect: { operator: 404 },
  },
  {
    method: 'POST',
    route: '/admin/oauth-clients',
    path: () => '/api/admin/oauth-clients',
    body: () => ({
      name: 'Route table',
      redirect_uris: ['https://table.example/cb'],
      scopes: ['email'],
      ...reason,
    }),
    expect: { operator: 201 },
  },
  {
    method: 'PATCH',
    route: '/admin/oauth-clients/:id',
    path: () => '/api/admin/oauth-clients/no-such-client',
    body: () => ({ name: 'Renamed', ...reason }),
    expect: { operator: 404 },
  },
  {
    method: 'POST',
    route: '/admin/oauth-clients/:id/rotate-secret',
    path: () => '/api/admin/oauth-clients/no-such-client/rotate-secret',
    body: () => reason,
    expect: { operator: 404 },
  },
  {
    method: 'PUT',
    route: '/admin/oauth-clients/:id/disabled',
    path: () => '/api/admin/oauth-clients/no-such-client/disabled',
    body: () => ({ disabled: true, ...reason }),
    expect: { operator: 404 },
  },
  {
    method: 'DELETE',
    route: '/admin/oauth-clients/:id',
    path: () => '/api/admin/oauth-clients/no-such-client',
    body: () => reason,
    expect: { operator: 404 },
  },
  {
    method: 'GET',
    route: '/admin/maintenance',
    path: () => '/api/admin/maintenance',
    expect: { operator: 200 },
  },
  {
    method: 'PUT',
    route: '/admin/maintenance',
    path: () => '/api/admin/maintenance',
    body: () => ({ on: false, ...reason }),
    expect: { operator: 200 },
  },
];

describe('the admin route table', () => {
  it('has a row for every /api/admin route', () => {
    const declared = new Set(ADMIN_ROUTES.map((route) => `${route.method} ${route.url}`));
    const covered = new Set(ROUTES.map((row) => `${row.method} ${row.route}`));
    expect([...declared].sort()).toEqual([...covered].sort());
  });

  describe.each(
    ROUTES.map(
      (row) =>
        [
          `${row.method} ${row.path({ account: { id: 0 }, invitationId: 0, mfaResetId: 0 } as AdminTargets).replace(/\d+/g, ':n')}`,
          row,
        ] as const,
    ),
  )('%s', (_name, row) => {
    it('answers 401 without a token', async () => {
      const targets = await adminTargets(test.database.db);
      const response = await test.call({
        method: row.method,
        url: row.path(targets),
        payload: row.body?.(targets),
      });
      expect(response.statusCode, response.body).toBe(401);
    });

    it.each(Object.keys(CALLERS))('answers the expected status to %s', async (callerName) => {
      const targets = await adminTargets(test.database.db);
      const caller = await CALLERS[callerName]!(test);
      const response = await test.call({
        method: row.method,
        url: row.path(targets),
        as: caller,
        payload: row.body?.(targets),
      });
      expect(response.statusCode, response.body).toBe(row.expect[callerName] ?? 403);
    });
  });
});
