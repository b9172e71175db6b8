import type { FastifyRequest } from 'fastify';
import { metrics } from '../operations/metrics';
import type { RateLimitRule } from '../security/rate-limit';
import { ApiError } from './api-error';

/** Refuses with 429 and Retry-After once a counter is over its limit. */
export async function enforceLimit(request: FastifyRequest, rule: RateLimitRule, subject: string) {
  const result = await request.server.ctx.rateLimiter.consume(rule, subject);
  if (!result.allowed) {
    metrics.rateLimitHits.inc({ rule: rule.name });
    throw new ApiError('too_many_attempts', { headers: { 'retry-after': String(result.retryAfterSeconds) } });
  }
}
