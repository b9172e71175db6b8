import {
  closureCancelRequestSchema,
  closureCancelResponseSchema,
  closureRequestSchema,
  closureResponseSchema,
  closureTermsSchema,
} from '@vestibule/contract/schemas/closure';
import { requireSudo } from '../../account/step-up';
import { enforceLimit } from '../../http/enforce-limit';
import { defineRoute } from '../../http/route';
import type { RateLimitRule } from '../../security/rate-limit';
import { afterPortalSessionsEnded } from '../oauth/index';
import { cancelClosure, startClosure } from './closure';

/** Cancel attempts per client IP per hour: the tokens cannot be guessed, floods are still cut. */
const CANCEL_PER_IP: RateLimitRule = { name: 'closure:cancel:ip', limit: 30, windowSeconds: 60 * 60 };

/** GET /api/user/closure: the terms the closing screen states (the operator's grace period). */
const closureTerms = defineRoute({
  method: 'GET',
  url: '/user/closure',
  summary: 'How long a closure of the account can still be undone',
  auth: 'user',
  response: closureTermsSchema,
  handler: async function closureTerms({ config }) {
    return { grace_days: config.closureGraceDays };
  },
});

/**
 * POST /api/user/closure (GDPR Art. 17): after a step-up, starts the closure of the signed-in
 * account: every session ends (this one too), the apps lose their grants and are told by back
 * channel, and the cancel link goes out. 409 during a merge or when already closing.
 */
const closeAccount = defineRoute({
  method: 'POST',
  url: '/user/closure',
  summary: 'Close the account after a grace period (step-up required)',
  auth: 'user',
  body: closureRequestSchema,
  response: closureResponseSchema,
  handler: async function closeAccount({ auth, request, db, secrets, config }) {
    const { closesAt } = await startClosure(
      { db, secrets, config },
      auth.userId,
      { kind: 'user' },
      request,
      (trx) => requireSudo(trx, auth),
    );
    await afterPortalSessionsEnded(request);
    return { closes_at: closesAt.toISOString() };
  },
});

/**
 * POST /api/closure/cancel: keeps a closing account, by the e-mail link's token or a sign-in's
 * ticket. 410 closure_link_used or closure_link_expired say why a link no longer works.
 */
const keepAccount = defineRoute({
  method: 'POST',
  url: '/closure/cancel',
  summary: 'Keep an account whose closure is under way (link from the e-mail or sign-in ticket)',
  auth: 'public',
  body: closureCancelRequestSchema,
  response: closureCancelResponseSchema,
  handler: async function keepAccount({ body, request, db, secrets }) {
    await enforceLimit(request, CANCEL_PER_IP, request.ip);
    await cancelClosure({ db, secrets }, body, request);
    return { cancelled: true as const };
  },
});

export const closureRoutes = [closureTerms, closeAccount, keepAccount];
