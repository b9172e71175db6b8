import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/db/database';
import { enqueueMessage } from '../../src/delivery/outbox';
import { PurgeJob, purgeExpiredRows } from '../../src/operations/purge';
import { TEST_SECRETS, testDatabase } from '../support/test-app';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
let db: Db;

beforeAll(async () => {
  db = (await testDatabase()).db;
});

async function demoUserId(): Promise<number> {
  const row = await db
    .selectFrom('user_emails')
    .select('user_id')
    .where('address', '=', 'employee@demo.test')
    .executeTakeFirstOrThrow();
  return row.user_id;
}

describe('purgeExpiredRows', () => {
  it('deletes what expired more than a day ago, keeps what is live, and cuts the audit trail', async () => {
    const userId = await demoUserId();
    const session = (expiresAt: Date) =>
      db
        .insertInto('sessions')
        .values({ user_id: userId, token_hash: randomUUID(), device_id: randomUUID(), expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
    const oldSession = await session(ago(3));
    const liveSession = await session(new Date(Date.now() + DAY));
    const window = (resetAt: Date) =>
      db
        .insertInto('rate_limits')
        .values({ key: `purge-test:${randomUUID()}`, count: 1, reset_at: resetAt })
        .returning('key')
        .executeTakeFirstOrThrow();
    const oldWindow = await window(ago(1));
    const liveWindow = await window(new Date(Date.now() + 60_000));
    const event = (createdAt: Date) =>
      db
        .insertInto('audit_events')
        .values({
          user_id: userId,
          edition: 'general',
          kind: 'login.succeeded',
          created_at: createdAt,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    const oldEvent = await event(ago(401));
    const recentEvent = await event(ago(10));
    const deliveredId = await enqueueMessage(db, TEST_SECRETS, {
      channel: 'email',
      edition: 'general',
      recipient: `purge-${randomUUID()}@demo.test`,
      bodyText: 'Your code is 12345678',
    });
    await db
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: ago(2), next_attempt_at: new Date(Date.now() + 3_600_000) })
      .where('id', '=', deliveredId)
      .execute();

    const handover = (expiresAt: Date) =>
      db
        .insertInto('handover_codes')
        .values({
          code_hash: randomUUID(),
          user_id: userId,
          edition: 'general',
          client_id: null,
          expires_at: expiresAt,
        })
        .returning('code_hash')
        .executeTakeFirstOrThrow();
    const oldHandover = await handover(ago(2));
    const liveHandover = await handover(new Date(Date.now() + 60_000));

    const counts = await purgeExpiredRows(db, { auditRetentionDays: 400 });
    expect(counts).toBeDefined();

    const handovers = await db
      .selectFrom('handover_codes')
      .select('code_hash')
      .where('code_hash', 'in', [oldHandover.code_hash, liveHandover.code_hash])
      .execute();
    expect(handovers.map((h) => h.code_hash)).toEqual([liveHandover.code_hash]);

    const sessions = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', [oldSession.id, liveSession.id])
      .execute();
    expect(sessions.map((s) => s.id)).toEqual([liveSession.id]);
    const windows = await db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'in', [oldWindow.key, liveWindow.key])
      .execute();
    expect(windows.map((w) => w.key)).toEqual([liveWindow.key]);
    const events = await db
      .selectFrom('audit_events')
      .select('id')
      .where('id', 'in', [oldEvent.id, recentEvent.id])
      .execute();
    expect(events.map((e) => e.id)).toEqual([recentEvent.id]);
    // The delivered message's body (kept by the dev inbox) is gone; the row stays for 30 days.
    const delivered = await db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', deliveredId)
      .executeTakeFirstOrThrow();
    expect(delivered).toMatchObject({ status: 'sent', body_text: null, body_html: null });
  });

  it.runIf(process.env.TEST_DATABASE_URL)('skips while another instance holds the purge lock', async () => {
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock(7423002)');
      expect(await purgeExpiredRows(db, { auditRetentionDays: 400 })).toBeUndefined();
      await other.query('COMMIT');
      expect(await purgeExpiredRows(db, { auditRetentionDays: 400 })).toBeDefined();
    } finally {
      await other.end();
    }
  });
});

describe('PurgeJob while the database is out of reach', () => {
  it('keeps ended sessions SESSION_RETENTION_DAYS and finished messages MESSAGE_RETENTION_DAYS', async () => {
    const userId = await demoUserId();
    const session = await db
      .insertInto('sessions')
      .values({ user_id: userId, token_hash: randomUUID(), device_id: randomUUID(), expires_at: ago(3) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const message = await enqueueMessage(db, TEST_SECRETS, {
      channel: 'email',
      edition: 'general',
      recipient: `retention-${randomUUID()}@demo.test`,
      bodyText: 'Hello',
    });
    await db
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: ago(10), created_at: ago(10) } as never)
      .where('id', '=', message)
      .execute();
    const left = async () => ({
      session: (await db.selectFrom('sessions').select('id').where('id', '=', session.id).execute()).length,
      message: (await db.selectFrom('outbox').select('id').where('id', '=', message).execute()).length,
    });
    await purgeExpiredRows(db, {
      auditRetentionDays: 400,
      sessionRetentionDays: 5,
      messageRetentionDays: 30,
    });
    expect(await left()).toEqual({ session: 1, message: 1 });
    await purgeExpiredRows(db, { auditRetentionDays: 400, sessionRetentionDays: 2, messageRetentionDays: 7 });
    expect(await left()).toEqual({ session: 0, message: 0 });
  });

  it('tries again soon after a failure instead of waiting a whole interval, and keeps going', async () => {
    // Nothing listens on port 1: every run fails at once, as during an outage.
    const unreachable = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      timeouts: { connectMs: 200, statementMs: 1_000, idleInTransactionMs: 1_000 },
    });
    const failures: unknown[] = [];
    const job = new PurgeJob({
      db: unreachable.db,
      secrets: TEST_SECRETS,
      log: { info: () => {}, warn: (entry: unknown) => failures.push(entry) },
      intervalMs: 3_600_000,
      firstRunMs: 0,
      retryAfterFailureMs: 100,
      auditRetentionDays: 400,
    });
    try {
      job.start();
      const deadline = Date.now() + 5_000;
      while (failures.length < 3 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(failures.length).toBeGreaterThanOrEqual(3);
    } finally {
      await job.stop();
      await unreachable.close();
    }
  });
});
