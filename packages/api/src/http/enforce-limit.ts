import type { FastifyRequest } from 'fastify';
import { metrics } from '../operations/metrics';
import {
  consumeInOrder,
  type RateLimitHit,
  type RateLimitResult,
  type RateLimitRule,
} from '../security/rate-limit';
import { ApiError } from './api-error';

/** Counts one attempt; answers the seconds to wait when the counter is over its limit. */
export async function overLimit(
  request: FastifyRequest,
  rule: RateLimitRule,
  subject: string,
): Promise<number | undefined> {
  const result = await request.server.ctx.rateLimiter.consume(rule, subject);
  if (result.allowed) return undefined;
  metrics.rateLimitHits.inc({ rule: rule.name });
  return result.retryAfterSeconds;
}

/** Refuses with 429 and Retry-After once a counter is over its limit. */
export async function enforceLimit(request: FastifyRequest, rule: RateLimitRule, subject: string) {
  const wait = await overLimit(request, rule, subject);
  if (wait !== undefined)
    throw new ApiError('too_many_attempts', { headers: { 'retry-after': String(wait) } });
}

/**
 * Several counters in order, one round trip with the database limiter: the first
 * counter over its limit refuses with 429 and Retry-After, and the counters after it are not
 * counted — as `enforceLimit` one after the other.
 */
export async function enforceLimits(request: FastifyRequest, hits: readonly RateLimitHit[]) {
  refuseOverLimit(hits, await consumeInOrder(request.server.ctx.rateLimiter, hits));
}

/** The 429 of `enforceLimits` for counters counted elsewhere (the login's one statement). */
export function refuseOverLimit(hits: readonly RateLimitHit[], results: readonly RateLimitResult[]) {
  const refused = results.findIndex((result) => !result.allowed);
  if (refused === -1) return;
  metrics.rateLimitHits.inc({ rule: hits[refused]!.rule.name });
  throw new ApiError('too_many_attempts', {
    headers: { 'retry-after': String(results[refused]!.retryAfterSeconds) },
  });
}
