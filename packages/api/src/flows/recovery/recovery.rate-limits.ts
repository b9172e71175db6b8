import type { RateLimitRule } from '../../security/rate-limit';

const HOUR = 60 * 60;

/** Forgot-password requests and resends per client IP per hour (RATE_LIMIT_RECOVERY_PER_IP). */
export const forgotPasswordPerIp = (limit: number): RateLimitRule => ({
  name: 'recovery:password:ip',
  limit,
  windowSeconds: HOUR,
});

/** Forgot-password requests and resends per e-mail or phone (known or not) per hour. */
export const FORGOT_PASSWORD_PER_USERNAME: RateLimitRule = {
  name: 'recovery:password:username',
  limit: 5,
  windowSeconds: HOUR,
};

/** Forgot-username lookups per client IP per hour (RATE_LIMIT_RECOVERY_PER_IP). */
export const forgotUsernamePerIp = (limit: number): RateLimitRule => ({
  name: 'recovery:username:ip',
  limit,
  windowSeconds: HOUR,
});

/** Forgot-username lookups per card or national register number per hour. */
export const FORGOT_USERNAME_PER_IDENTIFIER: RateLimitRule = {
  name: 'recovery:username:identifier',
  limit: 5,
  windowSeconds: HOUR,
};
