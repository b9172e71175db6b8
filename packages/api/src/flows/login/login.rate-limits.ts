import type { RateLimitRule } from '../../security/rate-limit';

/** Attempts per username (known or not) in 15 minutes; a success resets the counter. */
export const LOGIN_PER_USERNAME: RateLimitRule = { name: 'login:username', limit: 5, windowSeconds: 15 * 60 };

/** Attempts per client IP in 15 minutes, whatever the username. Configurable for load tests. */
export function loginPerIp(limit: number): RateLimitRule {
  return { name: 'login:ip', limit, windowSeconds: 15 * 60 };
}
