import { SUDO_TTL_SECONDS, WEAK_PASSWORD_STATUSES } from '@vestibule/contract/constants';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { createSession, type SudoScope, sessionLifetime } from '../sessions/session.queries';

/** Longer user agents are cut: enough to name browser and OS, bounded in the audit log. */
const USER_AGENT_MAX_LENGTH = 512;

/**
 * How a login authenticated the user, as RFC 8176 `amr` values (the ID token's amr): the password,
 * then the second factor's kind. E-mail codes, TOTP and recovery keys are one-time passwords.
 */
export function authenticationMethods(mfa: string | undefined): string[] {
  if (!mfa) return ['pwd'];
  return ['pwd', mfa === 'sms' ? 'sms' : 'otp', 'mfa'];
}

/**
 * The end of every successful login (password alone, trusted device, or MFA): a session, its
 * audit row, in the caller's transaction. A login completed with an MFA code starts elevated.
 */
export async function openLoginSession(
  trx: Db,
  request: FastifyRequest,
  input: {
    userId: number;
    clientId: string | null;
    mfa?: string;
    trustedDevice?: boolean;
    /** true: a grant for every change; 'authenticator': for that one only (decision 0038). */
    sudo?: boolean | SudoScope;
  },
) {
  const session = await createSession(trx, {
    userId: input.userId,
    deviceId: request.deviceId,
    userAgent: request.headers['user-agent'],
    ip: request.ip,
    clientId: input.clientId,
    sudoUntil: input.sudo ? new Date(Date.now() + SUDO_TTL_SECONDS * 1000) : null,
    sudoScope: typeof input.sudo === 'string' ? input.sudo : null,
    lifetime: sessionLifetime(request.server.ctx.config),
    amr: authenticationMethods(input.mfa),
  });
  const detail: Record<string, unknown> = {};
  // Kept with the sign-in, so the timeline still names the browser after the session is gone.
  const userAgent = request.headers['user-agent'];
  if (userAgent) detail.user_agent = userAgent.slice(0, USER_AGENT_MAX_LENGTH);
  if (input.mfa) detail.mfa = input.mfa;
  if (input.trustedDevice) detail.trusted_device = true;
  await audit(
    trx,
    { kind: 'login.succeeded', userId: input.userId, edition: request.edition.id, detail },
    request,
  );
  return session;
}

/** `weak_password: true` tells the SPA to send the user to /weak-password (SPEC §4 Login). */
export function weakPasswordFlag(passwordStatus: number): { weak_password?: true } {
  return (WEAK_PASSWORD_STATUSES as readonly number[]).includes(passwordStatus)
    ? { weak_password: true }
    : {};
}
