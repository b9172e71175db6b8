import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { setMaintenance } from '../../src/db/maintenance';
import { findClient } from '../../src/flows/oauth/clients.queries';
import { registerClient } from '../../src/flows/oauth/clients.registry';
import { sharedTestApp, TEST_SECRETS } from '../support/test-app';
import { clientToken, hostOf, staffSession } from './helpers';

// The operator's OAuth clients and maintenance switch through the admin API: registering (secret
// once), a stale If-Match refused, rotating, disabling (the provider refuses the client, its tokens
// stop working) and maintenance (the portal answers 503 while /api/admin works).

const test = sharedTestApp();
const reason = { reason: 'operator test', ticket: 'OPS-1' };

async function operator() {
  const session = await staffSession(test.database.db, { role: 'operator', scope: null, stepUp: 'totp' });
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = {}) =>
    test.call({ method, url, host: session.host, token: session.token, payload, headers });
}

async function auditKinds(clientId: string) {
  const rows = await test.database.db
    .selectFrom('audit_events')
    .select(['kind', 'detail', 'actor_role'])
    .where('kind', 'like', 'oauth_client.%')
    .execute();
  return rows.filter((row) => (row.detail as { client_id?: string }).client_id === clientId);
}

describe('the operator’s OAuth clients', () => {
  it('registers a machine client whose secret is answered once and works for client credentials', async () => {
    const call = await operator();
    const created = await call('POST', '/api/admin/oauth-clients', {
      name: 'Ops robot',
      scopes: ['admin:operations'],
      ...reason,
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json() as { data: { client_id: string; machine: boolean }; secret: string };
    expect(body.data.machine).toBe(true);
    expect(body.secret).toMatch(/^[\w-]{40,}$/);
    const listed = await call('GET', '/api/admin/oauth-clients');
    expect(listed.body).not.toContain(body.secret);
    const token = await clientToken(
      test,
      { clientId: body.data.client_id, secret: body.secret },
      'admin:operations',
    );
    const me = await test.call({ method: 'GET', url: '/api/admin/oauth-clients', host: hostOf(), token });
    expect(me.statusCode).toBe(200);
    const audit = await auditKinds(body.data.client_id);
    expect(audit.map((row) => row.kind)).toEqual(['oauth_client.registered']);
    expect(JSON.stringify(audit)).not.toContain(body.secret);
  });

  it('refuses a reason-less change, bad redirect URIs and admin scopes the operator does not hold', async () => {
    const call = await operator();
    const noReason = await call('POST', '/api/admin/oauth-clients', {
      name: 'X',
      redirect_uris: ['https://x.example/cb'],
      scopes: ['email'],
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({ code: 'reason_required' });
    const badUri = await call('POST', '/api/admin/oauth-clients', {
      name: 'X',
      redirect_uris: ['javascript:alert(1)'],
      ...reason,
    });
    expect(badUri.statusCode).toBe(422);
    expect(badUri.json()).toMatchObject({ fields: { redirect_uris: 'not_https' } });
    const escalation = await call('POST', '/api/admin/oauth-clients', {
      name: 'X',
      scopes: ['admin:accounts.write'],
      ...reason,
    });
    expect(escalation.statusCode).toBe(403);
    if (!(await findClient(test.database.db, '2')))
      await registerClient(test.database.db, TEST_SECRETS, {
        clientId: '2',
        name: 'Portal',
        redirectUris: ['https://portal.example/cb'],
        scopes: [],
        public: true,
      });
    const firstParty = await call('PUT', '/api/admin/oauth-clients/2/disabled', {
      disabled: true,
      ...reason,
    });
    expect(firstParty.statusCode).toBe(409);
    expect(firstParty.json()).toMatchObject({ code: 'client_first_party' });
  });

  it('edits with If-Match: a stale version answers 412 with the current registration', async () => {
    const call = await operator();
    const id = `ops-${randomUUID().slice(0, 8)}`;
    const created = await call('POST', '/api/admin/oauth-clients', {
      client_id: id,
      name: 'Budget',
      redirect_uris: [`https://${id}.example/cb`],
      scopes: ['email'],
      ...reason,
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = await call('GET', `/api/admin/oauth-clients/${id}`);
    const tag = read.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const first = await call(
      'PATCH',
      `/api/admin/oauth-clients/${id}`,
      { name: 'Budget 2', ...reason },
      { 'if-match': tag },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).not.toBe(tag);
    const second = await call(
      'PATCH',
      `/api/admin/oauth-clients/${id}`,
      { name: 'Budget 3', ...reason },
      { 'if-match': tag },
    );
    expect(second.statusCode).toBe(412);
    expect(second.json()).toMatchObject({ code: 'client_changed', data: { name: 'Budget 2' } });
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(await findClient(test.database.db, id)).toMatchObject({ name: 'Budget 2' });
  });

  it('rotates a secret (the old one stops working) and disables a client: refused, its tokens dead', async () => {
    const call = await operator();
    const created = await call('POST', '/api/admin/oauth-clients', {
      name: 'Robot',
      scopes: ['admin:operations'],
      ...reason,
    });
    const { data, secret } = created.json() as { data: { client_id: string }; secret: string };
    const clientId = data.client_id;
    const rotated = await call('POST', `/api/admin/oauth-clients/${clientId}/rotate-secret`, reason);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = (rotated.json() as { secret: string }).secret;
    expect(fresh).not.toBe(secret);
    await expect(clientToken(test, { clientId, secret }, 'admin:operations')).rejects.toThrow(/refused/);
    const token = await clientToken(test, { clientId, secret: fresh }, 'admin:operations');

    const disabled = await call('PUT', `/api/admin/oauth-clients/${clientId}/disabled`, {
      disabled: true,
      ...reason,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ data: { disabled_at: expect.any(String) } });
    const withOldToken = await test.call({
      method: 'GET',
      url: '/api/admin/oauth-clients',
      host: hostOf(),
      token,
    });
    expect(withOldToken.statusCode).toBe(401);
    await expect(clientToken(test, { clientId, secret: fresh }, 'admin:operations')).rejects.toThrow(
      /refused: 401/,
    );
    const listed = (await call('GET', '/api/admin/oauth-clients')).json() as {
      data: { client_id: string; disabled_at: string | null }[];
    };
    expect(listed.data.find((row) => row.client_id === clientId)?.disabled_at).not.toBeNull();

    const enabled = await call('PUT', `/api/admin/oauth-clients/${clientId}/disabled`, {
      disabled: false,
      ...reason,
    });
    expect(enabled.statusCode).toBe(200);
    await clientToken(test, { clientId, secret: fresh }, 'admin:operations');
    expect((await auditKinds(clientId)).map((row) => row.kind).sort()).toEqual([
      'oauth_client.disabled',
      'oauth_client.enabled',
      'oauth_client.registered',
      'oauth_client.secret_rotated',
    ]);
  });

  it('refuses a disabled browser client at the authorization endpoint', async () => {
    const call = await operator();
    const id = `web-${randomUUID().slice(0, 8)}`;
    await call('POST', '/api/admin/oauth-clients', {
      client_id: id,
      name: 'Web',
      redirect_uris: [`https://${id}.example/cb`],
      scopes: ['email'],
      public: true,
      ...reason,
    });
    const authorize = `/oauth/auth?client_id=${id}&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(`https://${id}.example/cb`)}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`;
    const before = await test.call({ method: 'GET', url: authorize, host: hostOf(), deviceId: null });
    expect(before.statusCode, before.body).toBe(303);
    await call('PUT', `/api/admin/oauth-clients/${id}/disabled`, { disabled: true, ...reason });
    const after = await test.call({ method: 'GET', url: authorize, host: hostOf(), deviceId: null });
    expect(before.headers.location).toMatch(/^\/approve\?/);
    // The provider no longer knows the client: the portal's invalid-partner page says so.
    expect(after.headers.location).toBe(`/partner?error=invalid_client&client_id=${id}`);
  });
});

describe('maintenance from the admin API', () => {
  afterEach(async () => {
    await setMaintenance(test.database.db, false);
  });

  it('switches the portal into maintenance while /api/admin keeps answering, then off again', async () => {
    const call = await operator();
    const on = await call('PUT', '/api/admin/maintenance', { on: true, ...reason });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ on: true, reason: 'operator test' });
    const portal = await test.call({ method: 'GET', url: '/api/user', host: hostOf() });
    expect(portal.statusCode).toBe(503);
    expect(portal.json()).toMatchObject({ code: 'maintenance' });
    expect((await call('GET', '/api/admin/maintenance')).json()).toMatchObject({ on: true });
    const off = await call('PUT', '/api/admin/maintenance', { on: false, ...reason });
    expect(off.json()).toMatchObject({ on: false });
    const audit = await test.database.db
      .selectFrom('audit_events')
      .select(['detail'])
      .where('kind', '=', 'maintenance.switched')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect((await test.call({ method: 'GET', url: '/api/status', host: hostOf() })).json()).toEqual({
      maintenance: false,
    });
  });

  it('asks for a reason and a fresh step-up', async () => {
    const call = await operator();
    expect((await call('PUT', '/api/admin/maintenance', { on: true })).statusCode).toBe(422);
    const stale = await staffSession(test.database.db, { role: 'operator', scope: null });
    const refused = await test.call({
      method: 'PUT',
      url: '/api/admin/maintenance',
      as: stale,
      payload: { on: true, ...reason },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'sudo_required' });
  });
});
