import { emptySchema } from '@vestibule/contract/schemas/common';
import { revokeGrantParamsSchema, tokensResponseSchema } from '@vestibule/contract/schemas/oauth';
import { listUserGrants, revokeUserGrants } from '../../account/grants';
import { auditOwn } from '../../db/audit';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { clientNames } from './clients.queries';

/** GET /api/tokens (SPEC §7): the third-party applications the user granted, by client_id. */
const listGrants = defineRoute({
  method: 'GET',
  url: '/tokens',
  summary: 'Third-party applications with access',
  auth: 'user',
  response: tokensResponseSchema,
  handler: async function listGrants({ auth, db }) {
    const grants = await listUserGrants(db, auth.userId);
    const clients = await clientNames(db, [...new Set(grants.map((grant) => grant.clientId))]);
    const answer: Record<string, { client_id: string; name: string; scopes: string[] }> = {};
    for (const grant of grants) {
      const client = clients.get(grant.clientId);
      // First-party platforms are the portal's own areas, not third-party applications.
      if (!client || client.firstParty) continue;
      const scopes = new Set([...(answer[grant.clientId]?.scopes ?? []), ...grant.scopes]);
      answer[grant.clientId] = { client_id: grant.clientId, name: client.name, scopes: [...scopes] };
    }
    return answer;
  },
});

/**
 * DELETE /api/token/{client_id}: revokes the user's grant to that application and every code,
 * access token and refresh token issued under it, with its audit row, in one transaction.
 */
const revokeGrant = defineRoute({
  method: 'DELETE',
  url: '/token/:client_id',
  summary: "Revoke a third-party application's access",
  auth: 'user',
  params: revokeGrantParamsSchema,
  body: emptySchema.optional(),
  status: 204,
  handler: async function revokeGrant({ params, auth, request, db }) {
    const revoked = await db.transaction().execute(async (trx) => {
      const count = await revokeUserGrants(trx, auth.userId, params.client_id);
      if (count)
        await auditOwn(trx, request, auth.userId, 'oauth.grant_revoked', { client_id: params.client_id });
      return count;
    });
    // Another user's grant and no grant at all answer alike.
    if (!revoked) throw new ApiError('not_found');
  },
});

export const grantRoutes = [listGrants, revokeGrant];
