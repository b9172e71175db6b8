import type { RateLimitRule } from '../../security/rate-limit';

/**
 * Card numbers, activation codes and invitation codes typed per client IP in 15 minutes. With the
 * captcha (when configured) and the size of the code spaces (10^11 Luhn-valid card numbers of the
 * prefix, 32^11 activation codes, 32^10 invitation codes) guessing is hopeless.
 */
export const START_PER_IP: RateLimitRule = { name: 'onboarding:start:ip', limit: 30, windowSeconds: 15 * 60 };

/** Tries of one code value per hour, whoever types it. */
export const START_PER_CODE: RateLimitRule = {
  name: 'onboarding:start:code',
  limit: 10,
  windowSeconds: 60 * 60,
};

/** Codes sent by one sign-up per hour (e-mail and SMS together). */
export const SEND_PER_FLOW: RateLimitRule = {
  name: 'onboarding:send:flow',
  limit: 10,
  windowSeconds: 60 * 60,
};

/** Codes checked by one sign-up in 15 minutes, across its challenges (5 wrong ones kill each). */
export const VERIFY_PER_FLOW: RateLimitRule = {
  name: 'onboarding:verify:flow',
  limit: 15,
  windowSeconds: 15 * 60,
};
