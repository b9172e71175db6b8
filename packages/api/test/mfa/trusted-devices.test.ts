import { randomUUID } from 'node:crypto';
import { trustedDevicesResponseSchema } from '@vestibule/contract/schemas/mfa';
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../support/test-app';
import { createMfaAccount, loginWithSms, passwordStep } from './helpers';

const test = sharedTestApp();

function trustedLogin(account: Awaited<ReturnType<typeof createMfaAccount>>, device: string) {
  return loginWithSms(test, account, device, { trustDevice: true });
}

describe('trusted devices', () => {
  it('GET /api/mfa/trusted-devices lists them with a 30-day expiry and marks the current one', async () => {
    const account = await createMfaAccount(test.database.db);
    const device = randomUUID();
    const token = await trustedLogin(account, device);
    const response = await test.call({
      method: 'GET',
      url: '/api/mfa/trusted-devices',
      token,
      deviceId: device,
    });
    const { data } = trustedDevicesResponseSchema.parse(response.json());
    expect(data).toHaveLength(1);
    expect(data[0]?.current).toBe(true);
    const days = (new Date(data[0]?.expires_at as string).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('DELETE /api/mfa/trusted-devices/{id} revokes it: the device needs MFA again', async () => {
    const account = await createMfaAccount(test.database.db);
    const device = randomUUID();
    const token = await trustedLogin(account, device);
    const { data } = trustedDevicesResponseSchema.parse(
      (await test.call({ method: 'GET', url: '/api/mfa/trusted-devices', token })).json(),
    );
    const revoke = await test.call({
      method: 'DELETE',
      url: `/api/mfa/trusted-devices/${data[0]?.id}`,
      token,
    });
    expect(revoke.statusCode).toBe(204);
    await passwordStep(test, account, device);
  });

  it('an expired trust no longer skips MFA', async () => {
    const account = await createMfaAccount(test.database.db);
    const device = randomUUID();
    await trustedLogin(account, device);
    await test.database.db
      .updateTable('trusted_devices')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', account.id)
      .execute();
    await passwordStep(test, account, device);
  });

  it("revoking another user's trusted device answers 404", async () => {
    const owner = await createMfaAccount(test.database.db);
    await trustedLogin(owner, randomUUID());
    const row = await test.database.db
      .selectFrom('trusted_devices')
      .select('id')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const intruder = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, intruder);
    expect(
      (await test.call({ method: 'DELETE', url: `/api/mfa/trusted-devices/${row.id}`, token })).statusCode,
    ).toBe(404);
  });
});
