import type { FastifyRequest } from 'fastify';
import { enforceLimit } from '../../http/enforce-limit';
import type { RateLimitRule } from '../rate-limit';

const HOUR = 60 * 60;

/** Codes sent (first send and resends) per account and per client IP per hour: configurable. */
const sendPerAccount = (limit: number): RateLimitRule => ({
  name: 'code:send:user',
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

/** Code checks per account and per client IP in 15 minutes, across challenges. */
export const VERIFY_PER_ACCOUNT: RateLimitRule = {
  name: 'code:verify:user',
  limit: 20,
  windowSeconds: 15 * 60,
};
const verifyPerIp = (limit: number): RateLimitRule => ({
  name: 'code:verify:ip',
  limit,
  windowSeconds: 15 * 60,
});

/** Before a code goes out: per IP, per account, and for SMS per number. */
export async function limitCodeSending(
  request: FastifyRequest,
  subject: { userId: number | null; channel: string; target: string | null },
) {
  const { config } = request.server.ctx;
  await enforceLimit(request, sendPerIp(config.codesPerIpLimit), request.ip);
  if (subject.userId !== null)
    await enforceLimit(request, sendPerAccount(config.codesPerAccountLimit), String(subject.userId));
  if (subject.channel === 'sms' && subject.target)
    await enforceLimit(request, smsPerNumber(config.smsPerNumberLimit), subject.target);
}

/** Before a code is checked: per IP and per account. */
export async function limitCodeChecking(request: FastifyRequest, userId: number | null) {
  await enforceLimit(request, verifyPerIp(request.server.ctx.config.codeChecksPerIpLimit), request.ip);
  if (userId !== null) await enforceLimit(request, VERIFY_PER_ACCOUNT, String(userId));
}
