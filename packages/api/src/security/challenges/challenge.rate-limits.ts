import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import { enforceLimit, overLimit } from '../../http/enforce-limit';
import type { RateLimitRule } from '../rate-limit';

const HOUR = 60 * 60;
const FIFTEEN_MINUTES = 15 * 60;

/**
 * What a code is for. Each has its own per-account send budget (docs/decisions/0035-code-budgets.md):
 * a user who logs in with an e-mail code ten times in an hour can still verify a new address or
 * confirm a sensitive change.
 */
export type CodeBudget = 'login' | 'step_up' | 'contact' | 'recovery' | 'merge';

/** The budget of a challenge purpose (code_challenges.purpose). */
export function codeBudgetOf(purpose: string): CodeBudget {
  switch (purpose) {
    case 'login_code':
      return 'login';
    case 'sudo':
      return 'step_up';
    case 'fuzzion':
      return 'merge';
    case 'password_reset':
      return 'recovery';
    default:
      // contact, login_change, activate: proving a new address or number.
      return 'contact';
  }
}

/** Codes sent (first send and resends) per account, per budget, per hour: configurable. */
export const sendPerAccount = (budget: CodeBudget, limit: number): RateLimitRule => ({
  name: `code:send:user:${budget}`,
  limit,
  windowSeconds: HOUR,
});
const sendPerIp = (limit: number): RateLimitRule => ({ name: 'code:send:ip', limit, windowSeconds: HOUR });
/** SMS budget per number per hour, whoever asks (SMS pumping fraud, cost). */
const smsPerNumber = (limit: number): RateLimitRule => ({
  name: 'code:sms:number',
  limit,
  windowSeconds: HOUR,
});

/** Code checks per account in 15 minutes, across challenges (RATE_LIMIT_CODE_CHECKS_PER_ACCOUNT). */
export const verifyPerAccount = (limit: number): RateLimitRule => ({
  name: 'code:verify:user',
  limit,
  windowSeconds: FIFTEEN_MINUTES,
});
const verifyPerIp = (limit: number): RateLimitRule => ({
  name: 'code:verify:ip',
  limit,
  windowSeconds: FIFTEEN_MINUTES,
});

/** Before a code goes out: per IP, per account and budget, and for SMS per number. */
export async function limitCodeSending(
  request: FastifyRequest,
  subject: { userId: number | null; channel: string; target: string | null; budget: CodeBudget },
) {
  const { config } = request.server.ctx;
  await enforceLimit(request, sendPerIp(config.codesPerIpLimit), request.ip);
  if (subject.userId !== null)
    await enforceLimit(
      request,
      sendPerAccount(subject.budget, config.codesPerAccountLimit),
      String(subject.userId),
    );
  if (subject.channel === 'sms' && subject.target) {
    // Its own code: the number's budget is spent, not a wrong guess; the user picks another method.
    const wait = await overLimit(request, smsPerNumber(config.smsPerNumberLimit), subject.target);
    if (wait !== undefined)
      throw new ApiError('sms_limit_reached', { headers: { 'retry-after': String(wait) } });
  }
}

/** Before a code is checked: per IP and per account. */
export async function limitCodeChecking(request: FastifyRequest, userId: number | null) {
  const { config } = request.server.ctx;
  await enforceLimit(request, verifyPerIp(config.codeChecksPerIpLimit), request.ip);
  if (userId !== null)
    await enforceLimit(request, verifyPerAccount(config.codeChecksPerAccountLimit), String(userId));
}
