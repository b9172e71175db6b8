import { parseActivationCode, parseInvitationCode } from '@vestibule/contract/activation-code';
import { parseCardNumber } from '@vestibule/contract/card-number';
import {
  type OnboardingKind,
  onboardingFlowRequestSchema,
  onboardingStartRequestSchema,
  onboardingStateSchema,
} from '@vestibule/contract/schemas/onboarding';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../db/audit';
import { ApiError } from '../../http/api-error';
import { enforceLimit } from '../../http/enforce-limit';
import { defineRoute } from '../../http/route';
import { verifyCaptcha } from '../../security/captcha';
import { flowState, insertFlow, loadFlow, purgeExpiredFlows } from './flow.queries';
import { START_PER_CODE, START_PER_IP } from './onboarding.rate-limits';
import { findRedeemable, invalidCodeError } from './registry.queries';

/** The compact code of its kind, or undefined when its format or check digit is wrong. */
function parseCode(kind: OnboardingKind, code: string): string | undefined {
  if (kind === 'card') return parseCardNumber(code);
  if (kind === 'activation_code') return parseActivationCode(code);
  return parseInvitationCode(code);
}

/** Card holders type what their edition prints: a card number, or in Luxembourg an activation code. */
function kindOffered(request: FastifyRequest, kind: OnboardingKind): boolean {
  if (kind === 'invitation') return true;
  return (kind === 'card') === (request.edition.onboardingCardEntry === 'card_number');
}

/**
 * POST /api/onboarding {kind, code, captcha}: starts a sign-up from a card number, an activation
 * code or an invitation code. Answers 201 and the flow (step `terms`), or the text of what is wrong
 * with the code: invalid (422), card already activated or invitation used (409), invitation
 * expired (410).
 */
const start = defineRoute({
  method: 'POST',
  url: '/onboarding',
  summary: 'Start signing up from a card, code or invitation',
  auth: 'public',
  body: onboardingStartRequestSchema,
  response: onboardingStateSchema,
  status: 201,
  handler: async function start({ body, request, db, secrets }) {
    const edition = request.edition.id;
    // Throttle by client before anything costly (the captcha call included).
    await enforceLimit(request, START_PER_IP, request.ip);
    // A configured captcha must be solved.
    await verifyCaptcha(request, body.captcha);
    // The edition decides whether a card number or an activation code identifies a card.
    if (!kindOffered(request, body.kind)) throw new ApiError(invalidCodeError(body.kind));
    // Format and check digits first: a typo never reaches the registry.
    const code = parseCode(body.kind, body.code);
    if (!code) throw new ApiError(invalidCodeError(body.kind));
    // Throttle by the code typed, known or not; the counter's key is hashed: it is stored.
    await enforceLimit(
      request,
      START_PER_CODE,
      secrets.hash('rate-limit', `${edition}:${body.kind}:${code}`),
    );

    let redeemable: Awaited<ReturnType<typeof findRedeemable>>;
    try {
      redeemable = await findRedeemable(db, secrets, edition, body.kind, code);
    } catch (error) {
      if (error instanceof ApiError)
        await audit(
          db,
          {
            kind: 'onboarding.code_failed',
            userId: null,
            edition,
            detail: { kind: body.kind, error: error.code },
          },
          request,
        );
      throw error;
    }
    await purgeExpiredFlows(db);
    const flow = await db.transaction().execute(async (trx) => {
      const created = await insertFlow(trx, request, {
        kind: body.kind,
        card_id: redeemable.kind === 'invitation' ? null : redeemable.cardId,
        invitation_id: redeemable.kind === 'invitation' ? redeemable.invitationId : null,
        firstname: redeemable.firstname,
        lastname: redeemable.lastname,
        email: redeemable.kind === 'invitation' ? redeemable.email : null,
      });
      await audit(
        trx,
        { kind: 'onboarding.started', userId: null, edition, detail: { kind: body.kind } },
        request,
      );
      return created;
    });
    return flowState(request, flow);
  },
});

/** POST /api/onboarding/state {flow}: the flow of this device, to resume it (410 once expired). */
const show = defineRoute({
  method: 'POST',
  url: '/onboarding/state',
  summary: 'The state of a sign-up',
  auth: 'public',
  body: onboardingFlowRequestSchema,
  response: onboardingStateSchema,
  handler: async function show({ body, request, db }) {
    return flowState(request, await loadFlow(db, request, body.flow));
  },
});

/** POST /api/onboarding/abandon {flow}: "start again" forgets an unfinished flow at once. */
const abandon = defineRoute({
  method: 'POST',
  url: '/onboarding/abandon',
  summary: 'Abandon a sign-up',
  auth: 'public',
  body: onboardingFlowRequestSchema,
  status: 204,
  handler: async function abandon({ body, request, db }) {
    const flow = await loadFlow(db, request, body.flow);
    if (flow.step !== 'done') await db.deleteFrom('onboarding_flows').where('id', '=', flow.id).execute();
  },
});

export const onboardingStartRoutes = [start, show, abandon];
