import { sql } from 'kysely';
import type { Logger } from 'pino';
import { revokeUserGrants } from '../../account/grants';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';

// The end of a closure's grace period (docs/decisions/0079-account-closure.md): the account's
// personal data is erased, the users row stays as a pseudonymous tombstone (its id, edition,
// language and dates) so that the audit trail and the integrators' user.deleted event keep
// pointing at one account without saying who it was.

/** Audit detail keys that never hold a personal value; the others go when the account is erased. */
const NEUTRAL_DETAIL_KEYS = [
  'kind',
  'method',
  'fields',
  'mfa',
  'passwordless',
  'trusted_device',
  'client_id',
  'scopes',
  'sessions_ended',
  'requested_by',
  'by',
  'role',
  'reason',
  'ticket',
  'closes_at',
  'outcome',
  'single',
  'scope',
  'count',
  'card_id',
  'into',
];

/** Closures erased per run: a backlog drains over runs without one long transaction. */
const BATCH = 50;

/**
 * Erases one account's personal data in the caller's transaction: contacts, MFA methods, passkeys,
 * recovery keys, sessions, trusted devices, codes, consents, app grants and tokens, sign-up and
 * merge flows, messages to its addresses; its cards are detached from it and from the holder's
 * details; its audit rows keep only kinds, dates and neutral details. Writes `account.deleted`
 * (the user.deleted webhook).
 */
export async function eraseAccount(trx: Db, userId: number): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select(['edition', 'erased_at'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user || user.erased_at) return;
  const emails = await trx
    .selectFrom('user_emails')
    .select('address')
    .where('user_id', '=', userId)
    .execute();
  const phones = await trx.selectFrom('user_phones').select('number').where('user_id', '=', userId).execute();
  const addresses = [...emails.map((row) => row.address), ...phones.map((row) => row.number)];
  if (addresses.length) {
    await trx.deleteFrom('outbox').where('recipient', 'in', addresses).execute();
    await trx.deleteFrom('code_challenges').where('target', 'in', addresses).execute();
    // Counters keyed by a number or address (the SMS budget of a number); Redis ones expire alone.
    await sql`DELETE FROM rate_limits
      WHERE EXISTS (SELECT 1 FROM unnest(${addresses}::text[]) a WHERE position(a IN key) > 0)`.execute(trx);
  }
  await trx
    .deleteFrom('fuzzion_flows')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('other_user_id', '=', userId)]))
    .execute();
  await trx.deleteFrom('onboarding_flows').where('user_id', '=', userId).execute();
  await trx.deleteFrom('invitations').where('user_id', '=', userId).execute();
  for (const table of [
    'code_challenges',
    'sessions',
    'trusted_devices',
    'totp_recovery_keys',
    'mfa_methods',
    'passkeys',
    'user_consents',
    'security_notification_reads',
    'handover_codes',
    'invitee_not_me_codes',
    'user_emails',
    'user_phones',
  ] as const)
    await trx.deleteFrom(table).where('user_id', '=', userId).execute();
  // Grants, tokens and provider sessions of the account, and whatever was issued under its grants.
  await revokeUserGrants(trx, userId);
  await trx.deleteFrom('oauth_payloads').where('account_id', '=', String(userId)).execute();
  // The card stays with its issuer, without its holder.
  await trx
    .updateTable('cards')
    .set({
      user_id: null,
      holder_firstname: null,
      holder_lastname: null,
      holder_birthdate: null,
      holder_national_register_number: null,
      holder_nrn_index: null,
    })
    .where('user_id', '=', userId)
    .execute();
  await sql`UPDATE audit_events SET ip = NULL, device_id = NULL,
      detail = coalesce((SELECT jsonb_object_agg(key, value) FROM jsonb_each(detail)
                         WHERE key = ANY (${NEUTRAL_DETAIL_KEYS}::text[])), '{}'::jsonb)
    WHERE user_id = ${userId}`.execute(trx);
  await trx
    .updateTable('users')
    .set({
      firstname: null,
      lastname: null,
      gender: null,
      birthdate: null,
      password_hash: null,
      iban: null,
      country: null,
      user_id: null,
      customer_user_id: null,
      fridom_user_id: null,
      national_register_number: null,
      national_register_number_index: null,
      last_password_change: null,
      locked_at: new Date(),
      closes_at: null,
      erased_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
  await trx
    .updateTable('account_closures')
    .set({ erased_at: new Date() })
    .where('user_id', '=', userId)
    .where('cancelled_at', 'is', null)
    .where('erased_at', 'is', null)
    .execute();
  await audit(trx, {
    kind: 'account.deleted',
    userId,
    edition: user.edition,
    detail: { requested_by: 'closure' },
  });
}

/**
 * Erases every account whose grace period ended by `asOf` (now, unless the operator's test clock
 * says otherwise), each in its own transaction; a closure being kept at that moment (row locked)
 * is skipped and seen again next run. Answers the accounts erased.
 */
export async function eraseDueAccounts(db: Db, asOf: Date = new Date()): Promise<number> {
  let erased = 0;
  for (;;) {
    let batch = 0;
    for (let i = 0; i < BATCH; i++) {
      const done = await db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('account_closures')
          .select(['id', 'user_id'])
          .where('cancelled_at', 'is', null)
          .where('erased_at', 'is', null)
          .where('erase_after', '<=', asOf)
          .orderBy('erase_after')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!due) return false;
        await eraseAccount(trx, due.user_id);
        return true;
      });
      if (!done) return erased;
      erased++;
      batch++;
    }
    if (batch < BATCH) return erased;
  }
}

/** Runs the erasure at the purge's interval; after it, the apps still linked are told (back channel). */
export class ErasureJob {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<unknown> | undefined;

  constructor(
    private readonly options: {
      db: Db;
      log: Pick<Logger, 'info' | 'warn'>;
      intervalMs: number;
      afterErasure: () => Promise<unknown>;
    },
  ) {}

  start(): void {
    this.schedule(60_000);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => {});
  }

  /** One run now (also what the schedule runs). */
  async runOnce(asOf?: Date): Promise<number> {
    const erased = await eraseDueAccounts(this.options.db, asOf);
    if (erased) {
      this.options.log.info({ erased }, 'closure: accounts erased after their grace period');
      await this.options.afterErasure();
    }
    return erased;
  }

  private schedule(delayMs: number) {
    this.timer = setTimeout(() => {
      const run = this.runOnce().catch((error: unknown) =>
        this.options.log.warn({ err: error }, 'closure erasure failed; trying again at the next run'),
      );
      this.current = run;
      void run.then(() => {
        if (this.current === run) this.current = undefined;
        if (this.timer) this.schedule(this.options.intervalMs);
      });
    }, delayMs);
    this.timer.unref();
  }
}
