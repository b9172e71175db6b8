import { MESSAGE_CODE_LENGTH, TOTP_CODE_LENGTH } from '@vestibule/contract/constants';
import { EDITIONS, type EditionId } from '@vestibule/contract/editions';
import { mfaChangeNeedsStepUp, normaliseMfaTarget } from '@vestibule/contract/mfa-step-up';
import {
  MFA_PLACEHOLDER_IDS,
  mfaActivateAnswerSchema,
  mfaActivateQuerySchema,
  mfaActivateRequestSchema,
  mfaActivateResponseSchema,
  mfaIdParamsSchema,
} from '@vestibule/contract/schemas/mfa';
import {
  addVerifiedContact,
  contactOwner,
  listContacts,
  primaryVerifiedContact,
} from '../../account/contacts';
import {
  findMethod,
  findMethodByTarget,
  insertMethod,
  listMethods,
  lockAccountMethods,
  toMfaMethod,
} from '../../account/mfa-methods';
import { notifyAccount } from '../../account/notices';
import { replaceRecoveryKeys } from '../../account/recovery-keys';
import { requireSudo } from '../../account/step-up';
import { loadChallengeUser } from '../../account/users';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import type { MfaMethodKind } from '../../db/schema';
import { outboxWorkerOf } from '../../delivery/register';
import { ApiError } from '../../http/api-error';
import type { AuthContext } from '../../http/authenticate';
import { defineRoute } from '../../http/route';
import { attemptChallenge, resendInSeconds } from '../../security/challenges/challenge';
import { limitCodeChecking, limitCodeSending } from '../../security/challenges/challenge.rate-limits';
import type { SudoScope } from '../../security/session.queries';
import { createFuzzionFlow, notifyMergeOffered } from '../fuzzion/index';
import { strategyFor } from './strategies/registry';
import { newTotpSecret, totpEnrolment } from './totp';

const PLACEHOLDER_KINDS: Record<number, MfaMethodKind> = {
  [MFA_PLACEHOLDER_IDS.sms]: 'sms',
  [MFA_PLACEHOLDER_IDS.email]: 'email',
  [MFA_PLACEHOLDER_IDS.totp]: 'totp',
};

/**
 * Adding or editing a method is a sensitive change (mfa-edit): answers 403 sudo_required when the
 * contract's rule (mfaChangeNeedsStepUp, which the web client asks too before sending) says the
 * change needs a step-up and the session holds no grant. `target` is normalised.
 */
async function requireSudoForSettings(
  db: Db,
  auth: AuthContext,
  target?: { kind: 'sms' | 'email'; value: string },
  scope?: SudoScope,
) {
  const proven = target
    ? (await listContacts(db, auth.userId, target.kind === 'sms' ? 'phone' : 'email'))
        .filter((row) => row.verified_at !== null)
        .map((row) => row.value)
    : [];
  const needed = mfaChangeNeedsStepUp({
    forcedSetup: auth.restriction === 'mfa_setup_required',
    methods: await listMethods(db, auth.userId),
    provenAddresses: proven,
    change: target ? { kind: target.kind, target: target.value } : { kind: 'authenticator' },
  });
  if (needed) await requireSudo(db, auth, scope);
}

/** A target as typed, normalised: lower-case e-mail or E.164 phone; 422 with message otherwise. */
function normaliseTarget(kind: 'sms' | 'email', target: string | undefined, edition: EditionId): string {
  const normalised = target ? normaliseMfaTarget(kind, target, EDITIONS[edition].phoneRegion) : undefined;
  if (!normalised) throw new ApiError(kind === 'email' ? 'invalid_email' : 'invalid_phone');
  return normalised;
}

/**
 * GET /api/mfa/{id}/activate?target&edit=1: starts adding (negative placeholder id) or editing
 * (positive id with edit=1) a method. 204 when there is nothing to do (the target or method is
 * already set up); 422 invalid_email / invalid_phone; 409 for duplicates; else the payload and
 * what the setup screen shows (code info, or the authenticator key, URI and QR code).
 */
const startActivation = defineRoute({
  method: 'GET',
  url: '/mfa/:id/activate',
  summary: 'Start setting up a method (code or authenticator secret)',
  auth: 'user',
  whileRestricted: true,
  params: mfaIdParamsSchema,
  query: mfaActivateQuerySchema,
  response: mfaActivateResponseSchema,
  handler: async function startActivation({ params, query, auth, request, reply, db, secrets, config }) {
    const user = await loadChallengeUser(db, auth.userId);
    if (!user) throw new ApiError('unauthorized');
    const editing = params.id > 0 ? await findMethod(db, auth.userId, params.id) : undefined;
    if (params.id > 0 && !editing) throw new ApiError('not_found');
    if (editing && !query.edit) return reply.code(204).send();
    const kind = editing?.method ?? PLACEHOLDER_KINDS[params.id];
    if (!kind) throw new ApiError('not_found');

    if (kind === 'totp') {
      const existing = (await listMethods(db, auth.userId)).find((m) => m.method === 'totp');
      if (existing && !editing) return reply.code(204).send();
      await requireSudoForSettings(db, auth, undefined, 'authenticator');
      const secret = newTotpSecret();
      const edition = EDITIONS[user.edition as EditionId];
      const label = (await primaryVerifiedContact(db, user.id, 'email')) ?? `user-${user.id}`;
      const enrolment = await totpEnrolment(secret, edition?.brandName ?? 'Vestibule', label);
      const challenge = await db.transaction().execute((trx) =>
        strategyFor('totp').start(
          trx,
          { secrets, config },
          {
            purpose: 'activate',
            user,
            methodId: editing?.id ?? null,
            target: null,
            sessionId: auth.sessionId,
            deviceId: request.deviceId,
            data: { kind: 'totp', edit_id: editing?.id ?? null, secret_enc: secrets.encrypt(secret) },
          },
        ),
      );
      return {
        payload: challenge.id,
        fuzzion: false as const,
        data: { method: 'totp' as const, secret, ...enrolment, code_length: TOTP_CODE_LENGTH },
      };
    }

    const target = normaliseTarget(kind, query.target, user.edition as EditionId);
    const same = await findMethodByTarget(db, auth.userId, kind, target);
    // Adding what exists, or editing to the same target: nothing to verify.
    if (same && (!editing || same.id === editing.id)) return reply.code(204).send();
    if (same) throw new ApiError(kind === 'sms' ? 'sms-duplicated' : 'email-duplicated');
    // Another account of the edition owns it: the code still goes there, and proving it offers
    // a merge (fuzzion, docs/decisions/0012-fuzzion.md) instead of the 409 duplicate.
    const owner = await contactOwner(db, user.edition, kind, target);
    const fuzzion = owner !== undefined && owner !== user.id;
    await requireSudoForSettings(db, auth, { kind, value: target });
    await limitCodeSending(request, { userId: user.id, channel: kind, target, budget: 'contact' });
    const challenge = await db.transaction().execute((trx) =>
      strategyFor(kind).start(
        trx,
        { secrets, config },
        {
          purpose: 'activate',
          user,
          methodId: editing?.id ?? null,
          target,
          sessionId: auth.sessionId,
          deviceId: request.deviceId,
          data: { kind, edit_id: editing?.id ?? null },
        },
      ),
    );
    outboxWorkerOf(request.server)?.notify();
    return {
      payload: challenge.id,
      fuzzion,
      data: { method: kind, target, code_length: MESSAGE_CODE_LENGTH, resend_in: resendInSeconds(challenge) },
    };
  },
});

/**
 * POST /api/mfa/activate {payload, code}: the code proves the target (or the authenticator);
 * the method is added or edited. An authenticator set up or reset answers its new recovery keys,
 * the only time they are shown.
 */
const confirmActivation = defineRoute({
  method: 'POST',
  url: '/mfa/activate',
  summary: 'Finish setting up a method with its code',
  auth: 'user',
  whileRestricted: true,
  body: mfaActivateRequestSchema,
  response: mfaActivateAnswerSchema,
  handler: async function confirmActivation({ body, auth, request, db, secrets, config }) {
    await limitCodeChecking(request, auth.userId);
    const user = await loadChallengeUser(db, auth.userId);
    if (!user) throw new ApiError('unauthorized');
    return attemptChallenge(db, body.payload, {
      accept: (_trx, challenge) =>
        challenge.purpose === 'activate' &&
        challenge.session_id === auth.sessionId &&
        challenge.user_id === user.id,
      check: (trx, challenge) =>
        strategyFor(challenge.data.kind as MfaMethodKind).check(
          trx,
          { secrets, config },
          challenge,
          body.code,
        ),
      async onSuccess(trx, challenge) {
        await lockAccountMethods(trx, user.id);
        const kind = challenge.data.kind as MfaMethodKind;
        const editId = typeof challenge.data.edit_id === 'number' ? challenge.data.edit_id : null;
        const editing =
          editId !== null ? await findMethod(trx, user.id, editId, { forUpdate: true }) : undefined;
        if (editId !== null && !editing) throw new ApiError('not_found');
        let recoveryKeys: string[] | undefined;
        let row: Awaited<ReturnType<typeof insertMethod>>;
        if (kind === 'totp') {
          const secretEnc = challenge.data.secret_enc as string;
          const step = challenge.data.matched_step as number;
          if (editing) {
            row = await trx
              .updateTable('mfa_methods')
              .set({ secret_enc: secretEnc, last_totp_step: step, updated_at: new Date() })
              .where('id', '=', editing.id)
              .returningAll()
              .executeTakeFirstOrThrow();
          } else {
            if ((await listMethods(trx, user.id)).some((m) => m.method === 'totp'))
              throw new ApiError('challenge_expired');
            row = await insertMethod(trx, {
              userId: user.id,
              method: 'totp',
              target: null,
              secretEnc,
              lastTotpStep: step,
            });
          }
          recoveryKeys = await replaceRecoveryKeys(trx, secrets, user.id, row.id);
        } else {
          const target = challenge.target as string;
          // Checked again under the transaction: another account may have taken it meanwhile.
          const owner = await contactOwner(trx, user.edition, kind, target);
          if (owner !== undefined && owner !== user.id) {
            // Proven, but another account's: offer the merge (docs/decisions/0012-fuzzion.md).
            const flow = await createFuzzionFlow(trx, {
              edition: user.edition,
              userId: user.id,
              otherUserId: owner,
              sessionId: auth.sessionId,
              method: kind,
              target,
            });
            await audit(
              trx,
              {
                kind: 'fuzzion.offered',
                userId: user.id,
                edition: user.edition,
                detail: { flow: flow.id, method: kind },
              },
              request,
            );
            await notifyMergeOffered(trx, request, owner, target);
            return { fuzzion: true as const, payload: flow.id, method: kind, target };
          }
          const same = await findMethodByTarget(trx, user.id, kind, target);
          if (same && same.id !== editing?.id)
            throw new ApiError(kind === 'sms' ? 'sms-duplicated' : 'email-duplicated');
          if (owner === undefined) await addVerifiedContact(trx, user, kind, target);
          row = editing
            ? await trx
                .updateTable('mfa_methods')
                .set({ target, updated_at: new Date() })
                .where('id', '=', editing.id)
                .returningAll()
                .executeTakeFirstOrThrow()
            : await insertMethod(trx, { userId: user.id, method: kind, target });
        }
        await audit(
          trx,
          {
            kind: editing ? 'mfa.edited' : 'mfa.added',
            userId: user.id,
            edition: user.edition,
            detail: { method: kind, id: row.id },
          },
          request,
        );
        // Every verified address hears of it, the new one included (it was just proven).
        await notifyAccount(trx, request, user.id, 'mfa_method_added', { method: kind });
        return {
          fuzzion: false as const,
          payload: null,
          method: toMfaMethod(row, { masked: false }),
          ...(recoveryKeys ? { recovery_keys: recoveryKeys } : {}),
        };
      },
    });
  },
});

export const mfaActivateRoutes = [startActivation, confirmActivation];
