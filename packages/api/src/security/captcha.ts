import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';

const VERIFY_TIMEOUT_MS = 5000;

interface SiteverifyAnswer {
  success?: unknown;
  'error-codes'?: unknown;
}

/**
 * Checks a captcha widget token with the configured provider's siteverify endpoint (Turnstile,
 * hCaptcha and reCAPTCHA share the protocol: form `secret`, `response`, `remoteip` → JSON
 * `{ success }`). Does nothing when no provider is configured. Fails closed: a missing token
 * answers 400 captcha_required; a refused token, an unreachable provider or a malformed answer
 * 400 captcha_failed (the detail goes to the log only).
 */
export async function verifyCaptcha(request: FastifyRequest, token: string | undefined): Promise<void> {
  const captcha = request.server.ctx.config.captcha;
  if (!captcha) return;
  if (!token) throw new ApiError('captcha_required');
  let answer: SiteverifyAnswer;
  try {
    const response = await fetch(captcha.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: captcha.secret, response: token, remoteip: request.ip }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    answer = (await response.json()) as SiteverifyAnswer;
  } catch (error) {
    request.log.error({ err: error, provider: captcha.provider }, 'captcha verification unavailable');
    throw new ApiError('captcha_failed');
  }
  if (answer.success !== true) {
    request.log.info({ provider: captcha.provider, errors: answer['error-codes'] }, 'captcha refused');
    throw new ApiError('captcha_failed');
  }
}
