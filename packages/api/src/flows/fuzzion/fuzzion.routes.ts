import { parseCardNumber } from '@vestibule/contract/card-number';
import { MESSAGE_CODE_LENGTH } from '@vestibule/contract/constants';
import {
  type FuzzionPlatform,
  fuzzionCodeRequestSchema,
  fuzzionMfaRequestSchema,
  fuzzionMfaResponseSchema,
  fuzzionOwnershipRequestSchema,
  fuzzionPayloadSchema,
  fuzzionStateSchema,
  fuzzionStepResponseSchema,
} from '@vestibule/contract/schemas/fuzzion';
import { listMethods, toMfaMethod } from '../../account/mfa-methods';
import { loadChallengeUser } from '../../account/users';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { maskRecipient } from '../../delivery/mask';
import { outboxWorkerOf } from '../../delivery/register';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { attemptChallenge, resendInSeconds } from '../../security/challenges/challenge';
import { limitCodeChecking, limitCodeSending } from '../../security/challenges/challenge.rate-limits';
import { verifyPassword } from '../../security/password';
import { strategyFor } from '../mfa/index';
import { openFuzzionFlow, otherAccountUnchanged, voidChangedFlow } from './flow-access';
import { countFuzzionFailure, findFuzzionFlow, OPEN_STEPS, setFuzzionStep } from './fuzzion.queries';

/** Platforms whose password the other account can show: it holds that area's identifier. */
async function platformsOf(db: Db, userId: number): Promise<FuzzionPlatform[]> {
  const row = await db
    .selectFrom('users')
    .select(['user_id', 'customer_user_id', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row?.password_hash) return [];
  const platforms: FuzzionPlatform[] = [];
  if (row.customer_user_id) platforms.push('client_area');
  // Every account with a password can log in to the employee area (the default product).
  platforms.push('employee_area');
  return platforms;
}

/** The other account's e-mail and SMS methods, masked: where the proof code may go. */
async function codeMethodsOf(db: Db, userId: number) {
  return (await listMethods(db, userId))
    .filter((m) => m.method === 'sms' || m.method === 'email')
    .map((m) => toMfaMethod(m, { masked: true }));
}

/**
 * POST /api/fuzzion/state {payload}: the flow as the /duplicated screen draws it. A POST with the
 * id in the body, not a GET with it in the path: the id opens the flow and paths end up in logs.
 */
const getFlow = defineRoute({
  method: 'POST',
  url: '/fuzzion/state',
  summary: 'The state of an account-merge flow',
  auth: 'user',
  whileRestricted: true,
  body: fuzzionPayloadSchema,
  response: fuzzionStateSchema,
  handler: async function getFlow({ body, auth, db }) {
    const flow = await db
      .transaction()
      .execute((trx) => openFuzzionFlow(trx, body.payload, auth, OPEN_STEPS));
    return {
      payload: flow.id,
      step: flow.step as (typeof OPEN_STEPS)[number],
      method: flow.method,
      target: flow.target,
      methods: await codeMethodsOf(db, flow.other_user_id),
      platforms: await platformsOf(db, flow.other_user_id),
      expires_at: new Date(flow.expires_at).toISOString(),
    };
  },
});

/**
 * POST /api/mfa/fuzzion {payload, mfaId, target?}: a code to one of the OTHER account's e-mail or
 * SMS methods (positive id), or to one of its verified contacts named in full (negative id with
 * target) — never to an address the caller chooses freely.
 */
const sendProofCode = defineRoute({
  method: 'POST',
  url: '/mfa/fuzzion',
  summary: 'Add a method that another account holds: starts the merge',
  auth: 'user',
  whileRestricted: true,
  body: fuzzionMfaRequestSchema,
  response: fuzzionMfaResponseSchema,
  handler: async function sendProofCode({ body, auth, request, db, secrets, config }) {
    const flow = await db.transaction().execute((trx) => openFuzzionFlow(trx, body.payload, auth, ['code']));
    const other = await loadChallengeUser(db, flow.other_user_id);
    if (!other) throw new ApiError('fuzzion_failed');
    const methods = (await listMethods(db, other.id)).filter(
      (m) => m.method === 'sms' || m.method === 'email',
    );
    const chosen =
      body.mfaId > 0
        ? methods.find((m) => m.id === body.mfaId)
        : methods.find((m) => m.target !== null && m.target === body.target?.trim().toLowerCase());
    if (!chosen?.target) throw new ApiError('not_found');
    const kind = chosen.method as 'sms' | 'email';
    await limitCodeSending(request, {
      userId: other.id,
      channel: kind,
      target: chosen.target,
      budget: 'merge',
    });
    const challenge = await db.transaction().execute((trx) =>
      strategyFor(kind).start(
        trx,
        { secrets, config },
        {
          purpose: 'fuzzion',
          user: other,
          methodId: chosen.id,
          target: chosen.target,
          sessionId: auth.sessionId,
          deviceId: request.deviceId,
          data: { kind, flow_id: flow.id },
        },
      ),
    );
    outboxWorkerOf(request.server)?.notify();
    return {
      payload: challenge.id,
      method: kind,
      target: maskRecipient(chosen.target),
      code_length: MESSAGE_CODE_LENGTH,
      resend_in: resendInSeconds(challenge),
    };
  },
});

/**
 * POST /api/fuzzion {payload, code}: the code sent to the other account proves control of it;
 * the flow moves on to the ownership questions. Wrong codes also count on the flow.
 */
const checkProofCode = defineRoute({
  method: 'POST',
  url: '/fuzzion',
  summary: 'Start proving ownership of the other account',
  auth: 'user',
  whileRestricted: true,
  body: fuzzionCodeRequestSchema,
  response: fuzzionStepResponseSchema,
  handler: async function checkProofCode({ body, auth, request, db, secrets, config }) {
    await limitCodeChecking(request, auth.userId);
    return attemptChallenge(db, body.payload, {
      async accept(trx, challenge) {
        if (challenge.purpose !== 'fuzzion' || challenge.session_id !== auth.sessionId) return false;
        const flow = await findFuzzionFlow(trx, String(challenge.data.flow_id), { forUpdate: true });
        return (
          flow !== undefined &&
          flow.user_id === auth.userId &&
          flow.other_user_id === challenge.user_id &&
          flow.step === 'code' &&
          new Date(flow.expires_at).getTime() > Date.now()
        );
      },
      check: (trx, challenge) =>
        strategyFor(challenge.data.kind as 'sms' | 'email').check(
          trx,
          { secrets, config },
          challenge,
          body.code,
        ),
      async onFailure(trx, challenge) {
        const flow = await findFuzzionFlow(trx, String(challenge.data.flow_id));
        if (flow) await countFuzzionFailure(trx, flow);
      },
      async onSuccess(trx, challenge) {
        const flow = await openFuzzionFlow(trx, String(challenge.data.flow_id), auth, ['code']);
        await setFuzzionStep(trx, flow.id, 'ownership');
        return { payload: flow.id, step: 'ownership' as const };
      },
    });
  },
});

/**
 * POST /api/fuzzion/ownership: after the code, "not me" leads to the rejection screen; a card
 * number of the other account, or its password for a platform, leads to the merge decision.
 */
const answerOwnership = defineRoute({
  method: 'POST',
  url: '/fuzzion/ownership',
  summary: 'Prove ownership of the other account',
  auth: 'user',
  whileRestricted: true,
  body: fuzzionOwnershipRequestSchema,
  response: fuzzionStepResponseSchema,
  handler: async function answerOwnership({ body, auth, request, db, secrets }) {
    const outcome = await db.transaction().execute(async (trx) => {
      const flow = await openFuzzionFlow(trx, body.payload, auth, ['ownership']);
      // The offer stands only for the other account as it was found.
      if (!(await otherAccountUnchanged(trx, flow))) {
        await voidChangedFlow(trx, flow);
        return { kind: 'changed' as const };
      }
      if (body.answer === 'not_me') {
        await setFuzzionStep(trx, flow.id, 'reject');
        return { kind: 'ok' as const, flow, step: 'reject' as const };
      }
      const other = await trx
        .selectFrom('users')
        .select(['password_hash', 'edition'])
        .where('id', '=', flow.other_user_id)
        .executeTakeFirstOrThrow();
      let proven = false;
      if (body.answer === 'card') {
        const number = parseCardNumber(body.card);
        const card = number
          ? await trx
              .selectFrom('cards')
              .select('id')
              .where('edition', '=', flow.edition)
              .where('number_index', 'in', secrets.blindIndexes('pan', number))
              .where('user_id', '=', flow.other_user_id)
              .executeTakeFirst()
          : undefined;
        proven = card !== undefined;
      } else {
        const platforms = await platformsOf(trx, flow.other_user_id);
        proven =
          other.password_hash !== null &&
          platforms.includes(body.platform) &&
          (await verifyPassword(other.password_hash, body.password));
      }
      if (!proven) {
        await countFuzzionFailure(trx, flow);
        await audit(
          trx,
          {
            kind: 'fuzzion.proof_failed',
            userId: flow.other_user_id,
            edition: flow.edition,
            detail: { proof: body.answer },
          },
          request,
        );
        return { kind: 'invalid' as const };
      }
      await setFuzzionStep(trx, flow.id, 'decision');
      return { kind: 'ok' as const, flow, step: 'decision' as const };
    });
    if (outcome.kind === 'changed') throw new ApiError('fuzzion_failed');
    if (outcome.kind === 'invalid') throw new ApiError('fuzzion_invalid');
    return { payload: outcome.flow.id, step: outcome.step };
  },
});

/** POST /api/fuzzion/ignore: "ignore for now" — the offer closes and nothing changes. */
const ignoreOffer = defineRoute({
  method: 'POST',
  url: '/fuzzion/ignore',
  summary: 'Decline the merge offer',
  auth: 'user',
  whileRestricted: true,
  body: fuzzionPayloadSchema,
  status: 204,
  handler: async function ignoreOffer({ body, auth, request, db }) {
    await db.transaction().execute(async (trx) => {
      const flow = await openFuzzionFlow(trx, body.payload, auth, OPEN_STEPS);
      await setFuzzionStep(trx, flow.id, 'ignored');
      await audit(trx, { kind: 'fuzzion.ignored', userId: flow.user_id, edition: flow.edition }, request);
    });
    return null;
  },
});

export const fuzzionRoutes = [getFlow, sendProofCode, checkProofCode, answerOwnership, ignoreOffer];
