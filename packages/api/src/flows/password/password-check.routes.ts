import {
  passwordCheckRequestSchema,
  passwordCheckResponseSchema,
} from '@vestibule/contract/schemas/security';
import { enforceLimit } from '../../http/enforce-limit';
import { defineRoute } from '../../http/route';
import { isCommonPassword } from '../../security/password-policy';
import type { RateLimitRule } from '../../security/rate-limit';

/** Checks per client IP per hour: a few a form (the SPA asks once the typing pauses). */
const PASSWORD_CHECKS_PER_IP: RateLimitRule = {
  name: 'password:check:ip',
  limit: 300,
  windowSeconds: 60 * 60,
};

/**
 * POST /api/password/check {password}: whether a new password is on the blocklist of common
 * passwords, so that the rules list of a new-password form can tick "not common" as the user types
 * (the list ships with the server only). Nothing is stored or logged; public, as the sign-up and
 * the reset set a password without a session.
 */
const checkPassword = defineRoute({
  method: 'POST',
  url: '/password/check',
  summary: 'Tell whether a new password is a common one',
  auth: 'public',
  body: passwordCheckRequestSchema,
  response: passwordCheckResponseSchema,
  handler: async function checkPassword({ body, request }) {
    await enforceLimit(request, PASSWORD_CHECKS_PER_IP, request.ip);
    return { common: isCommonPassword(body.password) };
  },
});

export const passwordCheckRoutes = [checkPassword];
