import {
  fuzzionPayloadSchema,
  fuzzionRefuseResultSchema,
  fuzzionResultSchema,
} from '@vestibule/contract/schemas/fuzzion';
import type { FastifyRequest } from 'fastify';
import { addVerifiedContact } from '../../account/contacts';
import { findMethodByTarget, insertMethod, selectableMethods } from '../../account/mfa-methods';
import { loadUser } from '../../account/users';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { outboxWorkerOf } from '../../delivery/register';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { openFuzzionFlow, otherAccountUnchanged, voidChangedFlow } from './flow-access';
import { contactsOf, notifyFuzzion } from './fuzzion.message';
import { type FuzzionFlow, setFuzzionStep } from './fuzzion.queries';
import { mergeAccounts, removeSimilarUsername } from './merge';

async function languageOf(trx: Db, id: number) {
  const row = await trx
    .selectFrom('users')
    .select(['language', 'edition'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
}

/** A decision's audit rows, one on each account's timeline (in this order), each naming the other. */
async function auditEach(
  trx: Db,
  request: FastifyRequest,
  flow: FuzzionFlow,
  kind: 'fuzzion.merged' | 'fuzzion.refused',
  rows: [userId: number, detail: Record<string, unknown>][],
) {
  for (const [userId, detail] of rows)
    await audit(trx, { kind, userId, edition: flow.edition, detail }, request);
}

/**
 * POST /api/fuzzion/merge {payload}: after the code and a proof of ownership, the other account
 * is merged into this one in one transaction (merge.ts), both get an audit row and their contacts
 * a notice. Answers the user, and the MFA list when the merged account must verify a method.
 */
const mergeOffer = defineRoute({
  method: 'POST',
  url: '/fuzzion/merge',
  summary: 'Merge the other account into this one',
  auth: 'user',
  whileRestricted: true,
  body: fuzzionPayloadSchema,
  response: fuzzionResultSchema,
  handler: async function mergeOffer({ body, auth, request, db, secrets }) {
    const outcome = await db.transaction().execute(async (trx) => {
      // Proof of the code and of ownership were both given (step decision).
      const flow = await openFuzzionFlow(trx, body.payload, auth, ['decision']);
      // Both accounts locked in id order, so two merges of the same pair cannot cross.
      await trx
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [flow.user_id, flow.other_user_id])
        .orderBy('id')
        .forUpdate()
        .execute();
      if (!(await otherAccountUnchanged(trx, flow))) {
        await voidChangedFlow(trx, flow);
        return { kind: 'changed' as const };
      }
      const otherAccount = await languageOf(trx, flow.other_user_id);
      const otherContacts = await contactsOf(trx, flow.other_user_id);
      const result = await mergeAccounts(trx, flow);
      await setFuzzionStep(trx, flow.id, 'merged');
      const detail = { flow: flow.id, method: flow.method, areas_moved: result.areas.moved };
      await auditEach(trx, request, flow, 'fuzzion.merged', [
        [
          flow.user_id,
          { ...detail, from: flow.other_user_id, areas_not_moved: Object.keys(result.areas.unmerged) },
        ],
        [flow.other_user_id, { ...detail, into: flow.user_id }],
      ]);
      const survivor = await languageOf(trx, flow.user_id);
      const survivorContacts = await contactsOf(trx, flow.user_id);
      // The survivor's contacts now include the other's; the other's get its own language.
      await notifyFuzzion(trx, request, otherAccount, 'merged', flow.target, otherContacts);
      const otherAddresses = new Set(otherContacts.map((c) => c.address));
      await notifyFuzzion(
        trx,
        request,
        survivor,
        'merged',
        flow.target,
        survivorContacts.filter((c) => !otherAddresses.has(c.address)),
      );
      // An account that had no method now has the other's: the session has proven none of them.
      const methods = await selectableMethods(trx, flow.user_id, { masked: false });
      const user = await loadUser(trx, secrets, flow.user_id);
      return { kind: 'ok' as const, user, mfa: !result.hadMethods && methods.length > 0 ? methods : null };
    });
    if (outcome.kind === 'changed') throw new ApiError('fuzzion_failed');
    outboxWorkerOf(request.server)?.notify();
    if (!outcome.user) throw new ApiError('unauthorized');
    return { mfa: outcome.mfa, data: outcome.user, payload: null };
  },
});

/**
 * POST /api/fuzzion/refuse {payload}: after the code (proof of control of the contact), the
 * similar username leaves the other account and joins this one as a verified contact and method.
 */
const refuseOffer = defineRoute({
  method: 'POST',
  url: '/fuzzion/refuse',
  summary: 'Refuse the merge: the other account keeps its method',
  auth: 'user',
  whileRestricted: true,
  body: fuzzionPayloadSchema,
  response: fuzzionRefuseResultSchema,
  handler: async function refuseOffer({ body, auth, request, db, secrets }) {
    const outcome = await db.transaction().execute(async (trx) => {
      // The code to the other account was proven (steps after it).
      const flow = await openFuzzionFlow(trx, body.payload, auth, ['decision', 'reject']);
      if (!(await otherAccountUnchanged(trx, flow))) {
        await voidChangedFlow(trx, flow);
        return { kind: 'changed' as const };
      }
      const otherAccount = await languageOf(trx, flow.other_user_id);
      const otherContacts = await contactsOf(trx, flow.other_user_id);
      await removeSimilarUsername(trx, flow);
      const survivor = { id: flow.user_id, edition: flow.edition };
      await addVerifiedContact(trx, survivor, flow.method, flow.target);
      if (!(await findMethodByTarget(trx, flow.user_id, flow.method, flow.target)))
        await insertMethod(trx, { userId: flow.user_id, method: flow.method, target: flow.target });
      await setFuzzionStep(trx, flow.id, 'refused');
      const detail = { flow: flow.id, method: flow.method };
      await auditEach(trx, request, flow, 'fuzzion.refused', [
        [flow.other_user_id, { ...detail, contact_to: flow.user_id }],
        [flow.user_id, { ...detail, contact_from: flow.other_user_id }],
      ]);
      await notifyFuzzion(trx, request, otherAccount, 'refused', flow.target, otherContacts);
      return { kind: 'ok' as const, user: await loadUser(trx, secrets, flow.user_id) };
    });
    if (outcome.kind === 'changed') throw new ApiError('fuzzion_failed');
    outboxWorkerOf(request.server)?.notify();
    if (!outcome.user) throw new ApiError('unauthorized');
    return { data: outcome.user };
  },
});

export const mergeRoutes = [mergeOffer, refuseOffer];
