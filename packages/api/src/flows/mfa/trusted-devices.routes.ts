import { mfaIdParamsSchema, trustedDevicesResponseSchema } from '@vestibule/contract/schemas/mfa';
import {
  clearTrustedDeviceCookie,
  listTrustedDevices,
  revokeTrustedDevice,
} from '../../account/trusted-devices';
import { auditOwn } from '../../db/audit';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';

/** GET /api/mfa/trusted-devices: devices that skip MFA at login, for the Security tab. */
const list = defineRoute({
  method: 'GET',
  url: '/mfa/trusted-devices',
  summary: 'Devices trusted to skip two-step verification',
  auth: 'user',
  response: trustedDevicesResponseSchema,
  handler: async function list({ auth, request, db }) {
    const rows = await listTrustedDevices(db, auth.userId);
    return {
      data: rows.map((row) => ({
        id: row.id,
        user_agent: row.user_agent,
        ip: row.ip,
        created_at: new Date(row.created_at).toISOString(),
        last_used_at: new Date(row.last_used_at).toISOString(),
        expires_at: new Date(row.expires_at).toISOString(),
        current: row.device_id === request.deviceId,
      })),
    };
  },
});

/** DELETE /api/mfa/trusted-devices/{id}: that device asks for MFA again at its next login. */
const revoke = defineRoute({
  method: 'DELETE',
  url: '/mfa/trusted-devices/:id',
  summary: 'Stop trusting a device',
  auth: 'user',
  params: mfaIdParamsSchema,
  status: 204,
  handler: async function revoke({ params, auth, request, reply, db }) {
    const revoked = await db.transaction().execute(async (trx) => {
      const deviceId = await revokeTrustedDevice(trx, auth.userId, params.id);
      if (!deviceId) throw new ApiError('not_found');
      await auditOwn(trx, request, auth.userId, 'trusted_device.revoked', { id: params.id });
      return deviceId;
    });
    // The row held the only copy of the secret's hash; this browser's cookie goes too.
    if (revoked === request.deviceId) clearTrustedDeviceCookie(request, reply);
  },
});

export const trustedDeviceRoutes = [list, revoke];
