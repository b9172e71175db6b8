import { emptySchema } from '@vestibule/contract/schemas/common';
import {
  passkeyIdParamsSchema,
  passkeyListResponseSchema,
  passkeyRenameRequestSchema,
  passkeyResponseSchema,
} from '@vestibule/contract/schemas/passkeys';
import { notifyAccount } from '../../account/notices';
import { findPasskey, listPasskeys, toPasskey } from '../../account/passkeys';
import { requireSudo } from '../../account/step-up';
import { auditOwn } from '../../db/audit';
import type { Db } from '../../db/database';
import { outboxWorkerOf } from '../../delivery/register';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';

/** GET /api/passkeys: the account's passkeys of this edition (the other edition's are not its). */
const list = defineRoute({
  method: 'GET',
  url: '/passkeys',
  summary: "The user's passkeys",
  auth: 'user',
  response: passkeyListResponseSchema,
  handler: async function list({ auth, request, db }) {
    const rows = await listPasskeys(db, auth.userId, request.edition.id);
    return { data: rows.map(toPasskey) };
  },
});

/** The passkey `id` of the account in this edition, else 404. */
async function ownPasskey(db: Db, userId: number, id: number, edition: string) {
  const row = await findPasskey(db, userId, id);
  if (!row || row.edition !== edition) throw new ApiError('not_found');
  return row;
}

/** PATCH /api/passkeys/{id} {name}: renaming gives no way in, so it needs no step-up. */
const rename = defineRoute({
  method: 'PATCH',
  url: '/passkeys/:id',
  summary: 'Rename a passkey',
  auth: 'user',
  params: passkeyIdParamsSchema,
  body: passkeyRenameRequestSchema,
  response: passkeyResponseSchema,
  handler: async function rename({ params, body, auth, request, db }) {
    const row = await db.transaction().execute(async (trx) => {
      await ownPasskey(trx, auth.userId, params.id, request.edition.id);
      const updated = await trx
        .updateTable('passkeys')
        .set({ name: body.name })
        .where('id', '=', params.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await auditOwn(trx, request, auth.userId, 'passkey.renamed', { passkey_id: params.id });
      return updated;
    });
    return { data: toPasskey(row) };
  },
});

/**
 * DELETE /api/passkeys/{id}: behind a step-up (403 sudo_required), like deleting an MFA method;
 * every verified contact of the account is told, with the way back if it was not them.
 */
const remove = defineRoute({
  method: 'DELETE',
  url: '/passkeys/:id',
  summary: 'Remove a passkey',
  auth: 'user',
  params: passkeyIdParamsSchema,
  body: emptySchema.optional(),
  status: 204,
  handler: async function remove({ params, auth, request, db }) {
    await db.transaction().execute(async (trx) => {
      const row = await ownPasskey(trx, auth.userId, params.id, request.edition.id);
      await requireSudo(trx, auth);
      await trx.deleteFrom('passkeys').where('id', '=', row.id).execute();
      await auditOwn(trx, request, auth.userId, 'passkey.removed', { passkey_id: row.id });
      // Every verified address, e-mail and SMS: a lost passkey is a way into the account.
      await notifyAccount(trx, request, auth.userId, 'passkey_removed', {});
    });
    outboxWorkerOf(request.server)?.notify();
  },
});

export const passkeyManageRoutes = [list, rename, remove];
