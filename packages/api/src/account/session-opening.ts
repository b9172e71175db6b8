import { SUDO_TTL_SECONDS, WEAK_PASSWORD_STATUSES } from '@vestibule/contract/constants';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { auditRow, countAuditEvent } from '../db/audit';
import { executePrepared } from '../db/compiled-query';
import type { Db } from '../db/database';
import { newSessionRow, type SudoScope, sessionLifetime } from '../security/session.queries';
import { newDeviceColumns, notifyNewDevice } from './new-device.notice';

/** Longer user agents are cut: enough to name browser and OS, bounded in the audit log. */
const USER_AGENT_MAX_LENGTH = 512;

/**
 * How a login authenticated the user, as RFC 8176 `amr` values (the ID token's amr): the password,
 * then the second factor's kind. E-mail codes, TOTP and recovery keys are one-time passwords.
 */
export function authenticationMethods(mfa: string | undefined, passkey?: PasskeyLogin): string[] {
  if (passkey) {
    // A passkey with user verification: proof of a key ('hwk' when it cannot leave its device,
    // 'swk' when its provider syncs it), the user's presence and verification on the
    // authenticator — two factors on its own (docs/decisions/0047).
    const key = [passkey.synced ? 'swk' : 'hwk', 'user', 'mfa'];
    return passkey.passwordless ? key : ['pwd', ...key];
  }
  if (!mfa) return ['pwd'];
  return ['pwd', mfa === 'sms' ? 'sms' : 'otp', 'mfa'];
}

/** A login done with a passkey: alone (passwordless) or after the password; synced or device-bound. */
export interface PasskeyLogin {
  passwordless: boolean;
  synced: boolean;
}

/**
 * The end of every successful login (password alone, trusted device, or MFA): a session and its
 * audit row, written by one statement (atomic by itself, so a plain password login needs no
 * transaction), in the caller's transaction when it has one. A login completed with an
 * MFA code starts elevated.
 * A sign-in from a device the account never used tells its e-mail addresses.
 */
export async function openLoginSession(
  trx: Db,
  request: FastifyRequest,
  input: {
    userId: number;
    clientId: string | null;
    mfa?: string;
    passkey?: PasskeyLogin;
    trustedDevice?: boolean;
    /** true: a grant for every change; 'authenticator': for that one only (decision 0038). */
    sudo?: boolean | SudoScope;
    /**
     * A database rate-limit counter to reset with the sign-in (the password login's per-username
     * counter, `RateLimiter.databaseKey`): in the same statement, no round trip of its own.
     */
    resetCounterKey?: string;
  },
) {
  const session = newSessionRow({
    userId: input.userId,
    deviceId: request.deviceId,
    userAgent: request.headers['user-agent'],
    ip: request.ip,
    clientId: input.clientId,
    sudoUntil: input.sudo ? new Date(Date.now() + SUDO_TTL_SECONDS * 1000) : null,
    sudoScope: typeof input.sudo === 'string' ? input.sudo : null,
    sudoMethod: input.passkey ? 'passkey' : (input.mfa ?? null),
    lifetime: sessionLifetime(request.server.ctx.config),
    amr: authenticationMethods(input.mfa, input.passkey),
  });
  const detail: Record<string, unknown> = {};
  // Kept with the sign-in, so the timeline still names the browser after the session is gone.
  const userAgent = request.headers['user-agent'];
  if (userAgent) detail.user_agent = userAgent.slice(0, USER_AGENT_MAX_LENGTH);
  if (input.mfa) detail.mfa = input.mfa;
  if (input.passkey?.passwordless) detail.passwordless = true;
  if (input.trustedDevice) detail.trusted_device = true;
  const event = {
    kind: 'login.succeeded',
    userId: input.userId,
    edition: request.edition.id,
    detail,
  } as const;
  // One statement: the session, its audit row, the counter reset, and whether the device
  // is new — the EXISTS read the snapshot the statement started with, i.e. the sign-ins before
  // this one (the CTEs' own inserts are not visible to it).
  const [row] = await executePrepared(
    trx,
    trx
      .with('new_session', (db) => db.insertInto('sessions').values(session.row).returning('id'))
      .with('sign_in', (db) => db.insertInto('audit_events').values(auditRow(event, request)))
      .with('counter_reset', (db) =>
        db
          .deleteFrom('rate_limits')
          .where(sql<boolean>`key = ${input.resetCounterKey ?? null}`)
          .returning('key'),
      )
      .selectFrom('new_session')
      .select('id')
      .select(newDeviceColumns(input.userId, request.deviceId))
      .compile(),
  );
  if (!row) throw new Error('the session statement answered no row');
  countAuditEvent(event.kind);
  if (row.signedInBefore && !row.deviceSeen) await notifyNewDevice(trx, request, input.userId);
  return { token: session.token, id: row.id };
}

/** `weak_password: true` tells the SPA to send the user to /weak-password (SPEC §4 Login). */
export function weakPasswordFlag(passwordStatus: number): { weak_password?: true } {
  return (WEAK_PASSWORD_STATUSES as readonly number[]).includes(passwordStatus)
    ? { weak_password: true }
    : {};
}
