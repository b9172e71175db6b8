import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { verifiedContacts } from '../../account/contacts';
import { revokeUserGrants } from '../../account/grants';
import type { Config } from '../../config';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { sendMessage } from '../../delivery/messages/send';
import { ApiError } from '../../http/api-error';
import type { SecretBox } from '../../security/secret-box';
import { hashToken, newOpaqueToken } from '../../security/tokens';
import { OPEN_STEPS } from '../fuzzion/index';

// Closing an account (GDPR Art. 17, docs/decisions/0079-account-closure.md, flow.mermaid): a
// closure ends every session and app grant at once and starts a grace period, in which signing in
// offers to keep the account and the e-mail's link keeps it; after it, erase.ts erases the data.

export interface ClosureDeps {
  db: Db;
  secrets: SecretBox;
  config: Pick<Config, 'publicUrls' | 'closureGraceDays'>;
}

/** Who closes: the user themself (after a step-up), or support for them (with the why). */
export type ClosureActor =
  | { kind: 'user' }
  | { kind: 'staff'; actor: string; role: string; reason: string; ticket?: string | undefined };

/** A sign-in's ticket that keeps a closing account lives this long. */
const TICKET_TTL_SECONDS = 15 * 60;
const TICKET_CONTEXT = 'closure-ticket';

/** Refuses while a merge offer involving the account still waits for an answer. */
async function refuseDuringMerge(trx: Db, userId: number) {
  const merge = await trx
    .selectFrom('fuzzion_flows')
    .select('id')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('other_user_id', '=', userId)]))
    .where('step', 'in', OPEN_STEPS)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (merge) throw new ApiError('closure_merge_in_progress');
}

/**
 * Starts the closure of an account, in one transaction: the closure row and its cancel link, the
 * grace period on the user, every session, trusted device and app grant ended, the audit row and
 * the e-mail (and SMS) with the link. Call `afterPortalSessionsEnded` once it has committed, so that
 * the apps are told by back channel. Refused during a merge and for an account already closing.
 */
export async function startClosure(
  deps: ClosureDeps,
  userId: number,
  actor: ClosureActor,
  request?: FastifyRequest,
  /** A check in the closure's transaction (the step-up), so a refused closure keeps its grant. */
  first?: (trx: Db) => Promise<void>,
): Promise<{ closesAt: Date; sessionsEnded: number }> {
  return deps.db.transaction().execute(async (trx) => {
    await first?.(trx);
    const user = await trx
      .selectFrom('users')
      .select(['id', 'edition', 'language', 'closes_at', 'erased_at'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user || user.erased_at) throw new ApiError('not_found');
    if (user.closes_at) throw new ApiError('closure_already_requested');
    await refuseDuringMerge(trx, userId);

    const token = newOpaqueToken();
    const closesAt = new Date(Date.now() + deps.config.closureGraceDays * 86_400_000);
    await trx
      .insertInto('account_closures')
      .values({
        user_id: userId,
        erase_after: closesAt,
        cancel_token_hash: hashToken(token),
        requested_by: actor.kind,
        staff_actor: actor.kind === 'staff' ? actor.actor : null,
        staff_role: actor.kind === 'staff' ? actor.role : null,
        reason: actor.kind === 'staff' ? actor.reason : null,
        ticket: actor.kind === 'staff' ? (actor.ticket ?? null) : null,
      })
      .execute();
    await trx.updateTable('users').set({ closes_at: closesAt }).where('id', '=', userId).execute();
    const ended = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    await trx.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
    await revokeUserGrants(trx, userId);
    const sessionsEnded = Number(ended.numDeletedRows);
    await audit(
      trx,
      {
        kind: 'account.closure_requested',
        userId,
        edition: user.edition,
        detail: {
          requested_by: actor.kind,
          closes_at: closesAt.toISOString(),
          sessions_ended: sessionsEnded,
          ...(actor.kind === 'staff'
            ? { by: actor.actor, role: actor.role, reason: actor.reason, ticket: actor.ticket ?? null }
            : {}),
        },
      },
      request,
    );
    const contacts = await verifiedContacts(trx, userId);
    await sendMessage(
      trx,
      { secrets: deps.secrets, publicUrls: deps.config.publicUrls },
      {
        purpose: 'account_closing',
        edition: user.edition,
        locale: user.language,
        values: { expiresAt: closesAt, cancelToken: token },
        to: [
          ...contacts.emails.map((address) => ({ channel: 'email' as const, address })),
          ...contacts.phones.map((address) => ({ channel: 'sms' as const, address })),
        ],
      },
    );
    return { closesAt, sessionsEnded };
  });
}

/**
 * A sign-in's ticket that keeps the closing account of `userId`: `<user>.<closure end>.<expiry>.<mac>`,
 * bound to that closure (its end, in ms), so it cannot keep a later one.
 */
export function closureTicket(secrets: SecretBox, userId: number, closesAt: Date, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + TICKET_TTL_SECONDS;
  const subject = `${userId}.${new Date(closesAt).getTime()}.${expires}`;
  return `${subject}.${secrets.hash(TICKET_CONTEXT, subject)}`;
}

/** The account and closure end a ticket names, if the ticket is ours and still valid. */
function readTicket(secrets: SecretBox, ticket: string): { userId: number; closesAt: number } | undefined {
  const [user, closesAt, expires, mac, ...rest] = ticket.split('.');
  if (!user || !closesAt || !expires || !mac || rest.length) return undefined;
  if (![user, closesAt, expires].every((part) => /^\d{1,15}$/.test(part))) return undefined;
  if (Number(expires) * 1000 <= Date.now()) return undefined;
  const given = Buffer.from(mac);
  const valid = secrets.hashes(TICKET_CONTEXT, `${user}.${closesAt}.${expires}`).some((expected) => {
    const wanted = Buffer.from(expected);
    return wanted.length === given.length && timingSafeEqual(wanted, given);
  });
  return valid ? { userId: Number(user), closesAt: Number(closesAt) } : undefined;
}

/**
 * The 409 of a sign-in to a closing account (after its password or factor was proven): when the
 * data goes, and a ticket that keeps the account, so the portal can ask instead of signing in.
 */
export function closingAccountError(secrets: SecretBox, userId: number, closesAt: Date): ApiError {
  return new ApiError('account_closing', {
    extra: {
      closure: {
        closes_at: new Date(closesAt).toISOString(),
        ticket: closureTicket(secrets, userId, closesAt),
      },
    },
  });
}

/**
 * Keeps a closing account: by the e-mail link's token, or by a sign-in's ticket. A link used
 * before, or once the grace period is over, says so (410); anything else is not a link of ours.
 */
export async function cancelClosure(
  deps: Pick<ClosureDeps, 'db' | 'secrets'>,
  proof: { token?: string | undefined; ticket?: string | undefined },
  request?: FastifyRequest,
): Promise<{ userId: number }> {
  return deps.db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('account_closures')
      .select(['id', 'user_id', 'erase_after', 'cancelled_at', 'erased_at'])
      .forUpdate();
    if (proof.token !== undefined) {
      query = query.where('cancel_token_hash', '=', hashToken(proof.token));
    } else {
      const ticket = proof.ticket === undefined ? undefined : readTicket(deps.secrets, proof.ticket);
      if (!ticket) throw new ApiError('closure_link_invalid');
      // The closure the sign-in met, and no other of the account.
      query = query.where('user_id', '=', ticket.userId).where('erase_after', '=', new Date(ticket.closesAt));
    }
    const closure = await query.executeTakeFirst();
    if (!closure) throw new ApiError('closure_link_invalid');
    if (closure.erased_at || new Date(closure.erase_after).getTime() <= Date.now())
      throw new ApiError('closure_link_expired');
    if (closure.cancelled_at) throw new ApiError('closure_link_used');
    await trx
      .updateTable('account_closures')
      .set({ cancelled_at: sql<Date>`now()` })
      .where('id', '=', closure.id)
      .execute();
    const user = await trx
      .updateTable('users')
      .set({ closes_at: null })
      .where('id', '=', closure.user_id)
      .returning('edition')
      .executeTakeFirstOrThrow();
    await audit(
      trx,
      {
        kind: 'account.closure_cancelled',
        userId: closure.user_id,
        edition: user.edition,
        detail: { by: proof.token !== undefined ? 'link' : 'sign_in' },
      },
      request,
    );
    return { userId: closure.user_id };
  });
}
