import { EDITIONS, type EditionId } from '@vestibule/contract/editions';
import { toE164 } from '@vestibule/contract/phone';
import { emptySchema } from '@vestibule/contract/schemas/common';
import {
  MFA_PLACEHOLDER_IDS,
  type MfaMethod,
  mfaDeleteRequestSchema,
  mfaIdParamsSchema,
  mfaListQuerySchema,
  mfaListResponseSchema,
  mfaStatusResponseSchema,
  recoveryKeysResponseSchema,
  recoveryStatusResponseSchema,
} from '@vestibule/contract/schemas/mfa';
import { emailSchema } from '@vestibule/contract/username';
import {
  deleteMethod,
  findMethod,
  findMethodByTarget,
  listMethods,
  lockAccountMethods,
  selectableMethods,
  setPrimary,
} from '../../account/mfa-methods';
import { notifyAccount } from '../../account/notices';
import { replaceRecoveryKeys } from '../../account/recovery-keys';
import { requireSudo, sudoStatus } from '../../account/step-up';
import { audit, auditOwn } from '../../db/audit';
import type { MfaMethodKind } from '../../delivery/messages/purposes';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';

function placeholder(id: number, method: MfaMethod['method']): MfaMethod {
  return { id, method, target: null, primary: false, created_at: null };
}

/**
 * GET /api/mfa?includeAll: the user's methods, primary first (with `totpRecovery` when unused
 * keys remain). includeAll adds the placeholders of what can be added: sms (-1), email (-2) and,
 * without an authenticator, totp (-3).
 */
const list = defineRoute({
  method: 'GET',
  url: '/mfa',
  summary: "The user's two-step verification methods",
  auth: 'user',
  whileRestricted: true,
  query: mfaListQuerySchema,
  response: mfaListResponseSchema,
  handler: async function list({ query, auth, request, db }) {
    const data = await selectableMethods(db, auth.userId, {
      masked: false,
      edition: request.edition.id,
      passkeyAlone: true,
    });
    if (query.includeAll !== undefined && query.includeAll !== '0' && query.includeAll !== 'false') {
      data.push(placeholder(MFA_PLACEHOLDER_IDS.sms, 'sms'), placeholder(MFA_PLACEHOLDER_IDS.email, 'email'));
      if (!data.some((m) => m.method === 'totp')) data.push(placeholder(MFA_PLACEHOLDER_IDS.totp, 'totp'));
    }
    return { data };
  },
});

/** GET /api/mfa/status: whether the session holds a step-up grant. */
const status = defineRoute({
  method: 'GET',
  url: '/mfa/status',
  summary: 'Whether the session is elevated and what it may do',
  auth: 'user',
  whileRestricted: true,
  response: mfaStatusResponseSchema,
  handler: async function status({ auth }) {
    return sudoStatus(auth);
  },
});

/** POST /api/mfa/switch-primary/{id}: the method offered first at login. */
const switchPrimary = defineRoute({
  method: 'POST',
  url: '/mfa/switch-primary/:id',
  summary: 'Make a method the primary one',
  auth: 'user',
  params: mfaIdParamsSchema,
  body: emptySchema.optional(),
  status: 204,
  handler: async function switchPrimary({ params, auth, request, db }) {
    await db.transaction().execute(async (trx) => {
      await lockAccountMethods(trx, auth.userId);
      const method = await findMethod(trx, auth.userId, params.id, { forUpdate: true });
      if (!method) throw new ApiError('not_found');
      if (method.is_primary) return;
      await setPrimary(trx, auth.userId, method.id);
      await auditOwn(trx, request, auth.userId, 'mfa.primary_changed', { id: method.id });
    });
  },
});

/**
 * DELETE /api/mfa/{id} (body `target` only when id is negative: -1 sms, -2 email). Needs a
 * step-up. The last SMS and the last e-mail method stay (SPEC §5, docs/decisions/0006); deleting
 * the authenticator removes its recovery keys, and the backup method becomes primary.
 */
const remove = defineRoute({
  method: 'DELETE',
  url: '/mfa/:id',
  summary: 'Remove a two-step verification method',
  auth: 'user',
  params: mfaIdParamsSchema,
  body: mfaDeleteRequestSchema.optional(),
  status: 204,
  handler: async function remove({ params, body, auth, request, db }) {
    await db.transaction().execute(async (trx) => {
      // The minimum of one e-mail and one SMS method is counted under the account's lock.
      await lockAccountMethods(trx, auth.userId);
      let method =
        params.id > 0 ? await findMethod(trx, auth.userId, params.id, { forUpdate: true }) : undefined;
      if (params.id < 0) {
        const kind =
          params.id === MFA_PLACEHOLDER_IDS.sms
            ? 'sms'
            : params.id === MFA_PLACEHOLDER_IDS.email
              ? 'email'
              : undefined;
        const raw = body?.target;
        const target =
          kind === 'email'
            ? emailSchema.safeParse(raw ?? '').data
            : raw
              ? toE164(raw, EDITIONS[request.edition.id as EditionId].phoneRegion)
              : undefined;
        if (kind && target) method = await findMethodByTarget(trx, auth.userId, kind, target);
      }
      if (!method) throw new ApiError('not_found');
      if (method.method !== 'totp') {
        const sameKind = (await listMethods(trx, auth.userId)).filter((m) => m.method === method.method);
        if (sameKind.length <= 1) throw new ApiError('mfa_minimum');
      }
      await requireSudo(trx, auth, method.method === 'totp' ? 'authenticator' : undefined);
      const backup = await deleteMethod(trx, method);
      await auditOwn(trx, request, auth.userId, 'mfa.removed', {
        method: method.method,
        id: method.id,
        ...(backup ? { new_primary: backup } : {}),
      });
      // After the removal: the removed method's address is still a verified contact, so it hears too.
      await notifyAccount(trx, request, auth.userId, 'mfa_method_removed', {
        method: method.method as MfaMethodKind,
      });
    });
  },
});

/** POST /api/mfa/regenerate-recovery: new recovery keys, shown once; the old ones are void. */
const regenerate = defineRoute({
  method: 'POST',
  url: '/mfa/regenerate-recovery',
  summary: 'Replace the recovery keys',
  auth: 'user',
  body: emptySchema.optional(),
  response: recoveryKeysResponseSchema,
  handler: async function regenerate({ auth, request, db, secrets }) {
    const keys = await db.transaction().execute(async (trx) => {
      const totp = (await listMethods(trx, auth.userId)).find((m) => m.method === 'totp');
      if (!totp) throw new ApiError('not_found');
      await requireSudo(trx, auth, 'authenticator');
      const fresh = await replaceRecoveryKeys(trx, secrets, auth.userId, totp.id);
      await audit(
        trx,
        { kind: 'recovery.regenerated', userId: auth.userId, edition: request.edition.id },
        request,
      );
      await notifyAccount(trx, request, auth.userId, 'recovery_keys_regenerated', {});
      return fresh;
    });
    return { recovery_keys: keys };
  },
});

/** GET /api/mfa/recovery: how many recovery keys are left (SPEC §4 TOTP recovery screen). */
const recoveryStatus = defineRoute({
  method: 'GET',
  url: '/mfa/recovery',
  summary: 'How many recovery keys are left',
  auth: 'user',
  whileRestricted: true,
  response: recoveryStatusResponseSchema,
  handler: async function recoveryStatus({ auth, db }) {
    const totp = (await listMethods(db, auth.userId)).find((m) => m.method === 'totp');
    const keys = await db
      .selectFrom('totp_recovery_keys')
      .select('used_at')
      .where('user_id', '=', auth.userId)
      .execute();
    return {
      mfa_id: totp?.id ?? null,
      total: keys.length,
      unused: keys.filter((k) => k.used_at === null).length,
    };
  },
});

export const mfaMethodRoutes = [list, status, switchPrimary, remove, regenerate, recoveryStatus];
