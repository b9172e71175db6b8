import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { login, sharedTestApp } from '../support/test-app';
import { clientToken, hostOf, machineClient, staffSession } from './helpers';

const test = sharedTestApp();
const me = (token?: string, host = hostOf()) =>
  test.call({ method: 'GET', url: '/api/admin/me', host, ...(token ? { token } : {}) });

describe('the admin guard (GET /api/admin/me)', () => {
  it('answers 401 without a token, and 401 for a token nobody issued', async () => {
    expect((await me()).statusCode).toBe(401);
    const unknown = await me('x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('unauthorized');
  });

  it("answers 403 forbidden to an end user's session", async () => {
    const user = await createAccount(test.database.db);
    const token = await login(test, user.email, user.password);
    const response = await me(token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });

  it('answers 403 staff_mfa_required to staff who hold SMS codes only', async () => {
    const staff = await staffSession(test.database.db, { role: 'support', factor: 'sms' });
    const response = await me(staff.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('staff_mfa_required');
  });

  it('admits staff with an authenticator or a passkey, with their roles and capabilities', async () => {
    const support = await staffSession(test.database.db, { role: 'support', scope: 'general' });
    const answer = await me(support.token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      kind: 'staff',
      grants: [{ role: 'support', edition: 'general', company_id: null }],
      capabilities: ['accounts.read', 'accounts.write'],
      editions: ['general'],
    });
    const security = await staffSession(test.database.db, {
      role: 'security',
      scope: null,
      factor: 'passkey',
    });
    const both = await me(security.token);
    expect(both.statusCode).toBe(200);
    expect(both.json().editions).toEqual(['general', 'lu']);
    expect(both.json().capabilities).toEqual([
      'accounts.read',
      'audit',
      'mfa_resets.decide',
      'staff.read',
      'staff.write',
    ]);
  });

  it('admits a machine client by its client-credentials token, with the capabilities of its scopes', async () => {
    const client = await machineClient(test.database.db, 'admin:accounts.read admin:audit', 'general');
    const token = await clientToken(test, client, 'admin:accounts.read');
    const answer = await me(token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      kind: 'client',
      capabilities: ['accounts.read'],
      editions: ['general'],
    });
  });

  it('refuses to register a client that mixes admin and user scopes', async () => {
    await expect(machineClient(test.database.db, 'admin:audit user')).rejects.toThrow(/cannot be mixed/);
  });
});
