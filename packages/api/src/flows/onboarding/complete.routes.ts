import {
  type OnboardingOutcome,
  onboardingCompleteRequestSchema,
  onboardingCompleteResponseSchema,
} from '@vestibule/contract/schemas/onboarding';
import type { FastifyRequest } from 'fastify';
import { notifyAccount } from '../../account/notices';
import { openLoginSession } from '../../account/session-opening';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { newPasswordError } from '../../security/new-password';
import { hashPassword } from '../../security/password';
import { joinCompany } from '../company-admin/index';
import { offerFuzzion } from '../fuzzion/index';
import { createAccountFromFlow } from './account.queries';
import { activateWithProcessor } from './card-processor';
import { contestedContacts, requireOwnContact } from './duplicates';
import { type FlowRow, flowState, loadFlow, requireStep, updateFlow } from './flow.queries';
import { tellInvitee } from './invitee';

/** PostgreSQL unique_violation: a race lost against another sign-up (same e-mail, card, …). */
function uniqueViolation(error: unknown): string | undefined {
  const e = error as {
    code?: unknown;
    constraint?: unknown;
    cause?: { code?: unknown; constraint?: unknown };
  };
  const found = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  return found ? String(found.constraint ?? '') : undefined;
}

/** Links the card to the account and asks the processor to activate it. */
async function redeemCard(trx: Db, request: FastifyRequest, flow: FlowRow, userId: number) {
  const card = await trx
    .selectFrom('cards')
    .select(['id', 'status', 'user_id', 'company_id'])
    .where('id', '=', flow.card_id as number)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // Used once: another sign-up or a link made meanwhile wins.
  if (card.user_id !== null && card.status === 'held') throw new ApiError('card_activation_pending');
  if (card.user_id !== null || card.status === 'active') throw new ApiError('card_already_activated');
  await trx
    .updateTable('cards')
    .set({ user_id: userId, updated_at: new Date() })
    .where('id', '=', card.id)
    .execute();
  // A card issued for a company makes the holder one of its people (the company admin's list).
  if (card.company_id !== null) await joinCompany(trx, userId, card.company_id);
  const result = await activateWithProcessor(trx, card);
  await audit(
    trx,
    {
      kind: result === 'activated' ? 'card.activated' : 'card.activation_failed',
      userId,
      edition: flow.edition,
      detail: { card_id: card.id, status: card.status },
    },
    request,
  );
  return result === 'activated' ? 'card_activated' : 'card_failed';
}

/** Marks the invitation used by the account, once, and makes the account one of its company's. */
async function redeemInvitation(trx: Db, flow: FlowRow, userId: number) {
  const used = await trx
    .updateTable('invitations')
    .set({ used_at: new Date(), user_id: userId })
    .where('id', '=', flow.invitation_id as number)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('company_id')
    .executeTakeFirst();
  if (!used) {
    // Revoked by the company admin while the sign-up was under way, or used by another sign-up.
    const invitation = await trx
      .selectFrom('invitations')
      .select('revoked_at')
      .where('id', '=', flow.invitation_id as number)
      .executeTakeFirst();
    throw new ApiError(invitation?.revoked_at ? 'invitation_revoked' : 'invitation_used');
  }
  await joinCompany(trx, userId, used.company_id);
}

/**
 * POST /api/onboarding/complete {password}: creates the account in one transaction — user,
 * verified e-mail and phone, verification methods, consents, the card linked and activated (or
 * refused by the processor: the account exists all the same) or the invitation used — and opens a
 * session. Until this call no account exists, so an abandoned sign-up leaves nothing behind.
 * A verified contact another account uses is left out and a merge flow is opened for the new
 * session (`fuzzion`): the SPA goes on to /duplicated.
 */
const complete = defineRoute({
  method: 'POST',
  url: '/onboarding/complete',
  summary: 'Finish signing up: set the password and open the account',
  auth: 'public',
  body: onboardingCompleteRequestSchema,
  response: onboardingCompleteResponseSchema,
  handler: async function complete({ body, request, db }) {
    const flow = await loadFlow(db, request, body.flow);
    // E-mail and phone are verified.
    requireStep(flow, 'password');
    // DESIGN §4 password rules, personal data included.
    const broken = await newPasswordError(request, body.password, {
      emails: flow.email ? [flow.email] : [],
      firstname: flow.firstname,
      lastname: flow.lastname,
    });
    if (broken) throw new ApiError(broken);
    const passwordHash = await hashPassword(body.password);

    try {
      const result = await db.transaction().execute(async (trx) => {
        // One completion per flow: the row lock serialises double submits.
        const locked = await loadFlow(trx, request, flow.id, { forUpdate: true });
        requireStep(locked, 'password');
        // A proven contact another account uses is left out and offered for a merge; one of
        // the two must stay this account's (either may have been taken since it was verified).
        const contested = await contestedContacts(trx, locked);
        requireOwnContact(contested);
        const duplicate = contested[0];
        const card =
          locked.card_id === null
            ? null
            : await trx
                .selectFrom('cards')
                .select(['holder_birthdate', 'holder_national_register_number', 'holder_nrn_index'])
                .where('id', '=', locked.card_id)
                .executeTakeFirst();
        const userId = await createAccountFromFlow(trx, locked, {
          without: duplicate?.method,
          passwordHash,
          holder: card
            ? {
                birthdate: card.holder_birthdate,
                nationalRegisterNumber: card.holder_national_register_number,
                nrnIndex: card.holder_nrn_index,
              }
            : null,
        });
        let outcome: OnboardingOutcome = 'code_only';
        if (locked.card_id !== null) outcome = await redeemCard(trx, request, locked, userId);
        else {
          await redeemInvitation(trx, locked, userId);
          await tellInvitee(trx, request, locked, userId);
        }
        const done = await updateFlow(trx, locked.id, {
          step: 'done',
          user_id: userId,
          outcome,
          completed_at: new Date(),
        });
        await audit(
          trx,
          {
            kind: 'onboarding.completed',
            userId,
            edition: locked.edition,
            detail: { kind: locked.kind, outcome },
          },
          request,
        );
        await notifyAccount(trx, request, userId, 'signup_completed', {}, { channels: 'email' });
        const session = await openLoginSession(trx, request, { userId, clientId: null });
        const fuzzion = duplicate
          ? await offerFuzzion(
              trx,
              request,
              { sessionId: session.id },
              { id: userId, edition: locked.edition },
              duplicate.method,
              duplicate.target,
            )
          : undefined;
        return { done, token: session.token, fuzzion: fuzzion ?? null };
      });
      return {
        state: await flowState(request, result.done),
        access_token: result.token,
        fuzzion: result.fuzzion,
      };
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === undefined) throw error;
      if (constraint.includes('email')) throw new ApiError('onboarding_invalid_email');
      if (constraint.includes('phone')) throw new ApiError('onboarding_invalid_phone');
      throw new ApiError(flow.invitation_id !== null ? 'invitation_used' : 'card_already_activated');
    }
  },
});

export const onboardingCompleteRoutes = [complete];
