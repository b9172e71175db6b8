import { TRUSTED_DEVICE_TTL_SECONDS } from '@vestibule/contract/constants';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';

/** Whether this device was trusted by the user at a login, and the trust has not run out. */
export async function isTrustedDevice(db: Db, userId: number, deviceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('trusted_devices')
    .select('id')
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

export async function touchTrustedDevice(db: Db, userId: number, deviceId: string): Promise<void> {
  await db
    .updateTable('trusted_devices')
    .set({ last_used_at: new Date() })
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .execute();
}

/**
 * Trusts the request's device for TRUSTED_DEVICE_TTL_SECONDS from now. The period is fixed at
 * trusting time: using the device does not extend it (a new MFA login with the box ticked does).
 */
export async function trustDevice(db: Db, userId: number, request: FastifyRequest): Promise<void> {
  const expiresAt = new Date(Date.now() + TRUSTED_DEVICE_TTL_SECONDS * 1000);
  await db
    .insertInto('trusted_devices')
    .values({
      user_id: userId,
      device_id: request.deviceId,
      user_agent: request.headers['user-agent']?.slice(0, 512) ?? null,
      ip: request.ip,
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'device_id']).doUpdateSet({
        expires_at: expiresAt,
        last_used_at: new Date(),
        user_agent: request.headers['user-agent']?.slice(0, 512) ?? null,
        ip: request.ip,
      }),
    )
    .execute();
}

export async function listTrustedDevices(db: Db, userId: number) {
  return db
    .selectFrom('trusted_devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .orderBy('last_used_at', 'desc')
    .execute();
}

/** Revokes one of the user's trusted devices; answers whether it existed. */
export async function revokeTrustedDevice(db: Db, userId: number, id: number): Promise<string | undefined> {
  const row = await db
    .deleteFrom('trusted_devices')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('device_id')
    .executeTakeFirst();
  return row?.device_id;
}
