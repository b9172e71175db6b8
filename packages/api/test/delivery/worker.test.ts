import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/db/database';
import type { OutboxMessage } from '../../src/delivery/message';
import { enqueueMessage } from '../../src/delivery/outbox';
import { sealPlainBodies } from '../../src/delivery/sealed-body';
import { selectTransports } from '../../src/delivery/transports/select';
import { createSmtpTransport } from '../../src/delivery/transports/smtp';
import type { Transport } from '../../src/delivery/transports/transport';
import { backoffSeconds, OutboxWorker } from '../../src/delivery/worker';
import { TEST_SECRETS } from '../support/test-app';
import { capturingLogger, closedPort, openTestDatabase, startSmtpServer } from './helpers';

const silent = pino({ level: 'silent' });
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
}, 60_000);

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await db.deleteFrom('outbox').execute();
});

/** A worker over the test database whose e-mails go through `transport`. */
function emailWorker(
  transport: Transport,
  options: Partial<ConstructorParameters<typeof OutboxWorker>[0]> = {},
) {
  return new OutboxWorker({
    db,
    secrets: TEST_SECRETS,
    transports: { email: transport },
    log: silent,
    ...options,
  });
}

function loginCode(recipient = 'employee@demo.test', code = '48213907') {
  return enqueueMessage(db, TEST_SECRETS, {
    channel: 'email',
    edition: 'general',
    recipient,
    subject: 'Your login code',
    bodyText: `Your code is ${code}. It is valid for 10 minutes.`,
    bodyHtml: `<p>Your code is <b>${code}</b>.</p>`,
  });
}

function row(id: number) {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A transport that records what it was asked to send. */
function recordingTransport(
  options: { delayMs?: number; fail?: (m: OutboxMessage) => Error | undefined } = {},
) {
  const sent: number[] = [];
  const transport: Transport = {
    name: 'recording',
    async send(message) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const error = options.fail?.(message);
      if (error) throw error;
      sent.push(message.id);
    },
  };
  return { transport, sent };
}

describe('enqueueMessage', () => {
  it('writes nothing when the transaction that needed the message rolls back', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueMessage(trx, TEST_SECRETS, {
          channel: 'email',
          edition: 'general',
          recipient: 'a@demo.test',
          bodyText: 'x',
        });
        throw new Error('change refused');
      }),
    ).rejects.toThrow('change refused');
    expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });

  it('writes a pending row due now when the transaction commits', async () => {
    const id = await db.transaction().execute((trx) =>
      enqueueMessage(trx, TEST_SECRETS, {
        channel: 'sms',
        edition: 'lu',
        recipient: '+352621000001',
        bodyText: 'Code 12345678',
      }),
    );
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0, channel: 'sms', subject: null });
  });

  it('stores the body sealed: the code is not readable in the table', async () => {
    const id = await loginCode('sealed@demo.test', '73519024');
    const stored = await row(id);
    expect(stored.body_sealed).toBe(true);
    expect(`${stored.body_text} ${stored.body_html}`).not.toContain('73519024');
    expect(TEST_SECRETS.decrypt(stored.body_text!)).toBe(
      'Your code is 73519024. It is valid for 10 minutes.',
    );
  });

  it('seals the bodies of rows written before sealing existed, once', async () => {
    const { id } = await db
      .insertInto('outbox')
      .values({ channel: 'sms', edition: 'general', recipient: '+32470000009', body_text: 'Code 55501234' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await sealPlainBodies(db, TEST_SECRETS)).toBe(1);
    expect(await sealPlainBodies(db, TEST_SECRETS)).toBe(0);
    const stored = await row(id);
    expect(stored).toMatchObject({ body_sealed: true });
    expect(stored.body_text).not.toContain('55501234');
    expect(TEST_SECRETS.decrypt(stored.body_text!)).toBe('Code 55501234');
  });
});

describe('OutboxWorker with SMTP', () => {
  it('delivers an e-mail through a real SMTP server and marks it sent', async () => {
    const smtp = await startSmtpServer();
    try {
      const transport = createSmtpTransport({ url: smtp.url, from: 'Vestibule <no-reply@vestibule.test>' });
      const worker = emailWorker(transport);
      const id = await loginCode();

      expect(await worker.runOnce()).toMatchObject({ sent: 1, retried: 0, failed: 0 });

      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['employee@demo.test']);
      expect(smtp.received[0]!.from).toBe('no-reply@vestibule.test');
      expect(smtp.received[0]!.raw).toContain('Subject: Your login code');
      expect(smtp.received[0]!.raw).toContain('48213907');
      const sent = await row(id);
      // Delivered: the body is dropped, so no code stays in the table.
      expect(sent).toMatchObject({
        status: 'sent',
        locked_until: null,
        last_error: null,
        body_text: null,
        body_html: null,
      });
      expect(sent.sent_at).toBeInstanceOf(Date);
      // Pooled connections stay open until the transport closes; the server waits for them.
      transport.close?.();
    } finally {
      await smtp.close();
    }
  });

  it('sends a batch over several pooled SMTP connections at once', async () => {
    const smtp = await startSmtpServer(0, { dataDelayMs: 150 });
    const transport = createSmtpTransport({
      url: smtp.url,
      from: 'Vestibule <no-reply@vestibule.test>',
      maxConnections: 4,
    });
    try {
      const worker = emailWorker(transport, {
        concurrency: 4,
      });
      for (let index = 0; index < 8; index += 1) await loginCode(`holder${index}@demo.test`);

      expect(await worker.runOnce()).toMatchObject({ sent: 8, retried: 0, failed: 0 });

      // One at a time, the pool would reuse a single connection: several open at once were in use.
      expect(smtp.connections.peak).toBeGreaterThan(1);
      expect(smtp.connections.peak).toBeLessThanOrEqual(4);
      expect(smtp.received).toHaveLength(8);
      const rows = await db.selectFrom('outbox').select(['status', 'attempts']).execute();
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 0)).toBe(true);
    } finally {
      transport.close?.();
      await smtp.close();
    }
  });

  it('retries a message the relay refuses in the middle of a concurrent batch, the others are sent', async () => {
    const smtp = await startSmtpServer(0, { refuse: (raw) => raw.includes('To: holder3@demo.test') });
    const transport = createSmtpTransport({
      url: smtp.url,
      from: 'Vestibule <no-reply@vestibule.test>',
      maxConnections: 3,
    });
    try {
      const worker = emailWorker(transport, {
        concurrency: 3,
      });
      const ids: number[] = [];
      for (let index = 0; index < 6; index += 1) ids.push(await loginCode(`holder${index}@demo.test`));

      expect(await worker.runOnce()).toMatchObject({ sent: 5, retried: 1, failed: 0 });

      const rows = await db.selectFrom('outbox').selectAll().orderBy('id').execute();
      const refused = rows.find((r) => r.id === ids[3])!;
      expect(refused).toMatchObject({ status: 'pending', attempts: 1, locked_until: null });
      expect(refused.last_error).toContain('451');
      expect(refused.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
      expect(rows.filter((r) => r.id !== ids[3]).map((r) => [r.status, r.attempts])).toEqual(
        Array.from({ length: 5 }, () => ['sent', 0]),
      );
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(
        ['holder0', 'holder1', 'holder2', 'holder4', 'holder5'].map((name) => `${name}@demo.test`),
      );
    } finally {
      transport.close?.();
      await smtp.close();
    }
  });

  it("sends each e-mail from its edition's sender (MAIL_FROM, MAIL_FROM_LU), HTML and text parts", async () => {
    const smtp = await startSmtpServer();
    try {
      const transport = createSmtpTransport({
        url: smtp.url,
        from: {
          general: 'Vestibule <no-reply@vestibule.test>',
          lu: 'Vestibule Luxembourg <no-reply@vestibule.lu.test>',
        },
      });
      const worker = emailWorker(transport);
      for (const edition of ['lu', 'general']) {
        await enqueueMessage(db, TEST_SECRETS, {
          channel: 'email',
          edition,
          recipient: `${edition}@demo.test`,
          subject: 'Code',
          bodyText: 'Your code is 48213907.',
          bodyHtml: '<p>Your code is <b>48213907</b>.</p>',
        });
      }
      expect(await worker.runOnce()).toMatchObject({ sent: 2 });
      const lu = smtp.received.find((mail) => mail.to.includes('lu@demo.test'))!;
      const general = smtp.received.find((mail) => mail.to.includes('general@demo.test'))!;
      expect(lu.from).toBe('no-reply@vestibule.lu.test');
      expect(lu.raw).toContain('From: Vestibule Luxembourg <no-reply@vestibule.lu.test>');
      expect(lu.raw).toMatch(/Message-ID: <outbox\.\d+\.\d+@vestibule\.lu\.test>/i);
      expect(lu.raw).toContain('multipart/alternative');
      expect(lu.raw).toContain('text/html');
      expect(general.from).toBe('no-reply@vestibule.test');
      transport.close?.();
    } finally {
      await smtp.close();
    }
  });

  it('retries with backoff while the SMTP server is down and delivers once it is up, losing nothing', async () => {
    const port = await closedPort();
    const transport = createSmtpTransport({
      url: `smtp://127.0.0.1:${port}`,
      from: 'no-reply@vestibule.test',
    });
    const worker = emailWorker(transport);
    const id = await loginCode();

    expect(await worker.runOnce()).toMatchObject({ sent: 0, retried: 1 });
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, locked_until: null });
    expect(waiting.last_error).toMatch(/^smtp: .*ECONNREFUSED/);
    const delay = (waiting.next_attempt_at.getTime() - Date.now()) / 1000;
    expect(delay).toBeGreaterThan(3);
    expect(delay).toBeLessThanOrEqual(5.5);

    // Not due yet: a second pass leaves it alone.
    expect(await worker.runOnce()).toMatchObject({ sent: 0, retried: 0, failed: 0 });

    const smtp = await startSmtpServer(port);
    try {
      // Let the backoff pass.
      await db
        .updateTable('outbox')
        .set({ next_attempt_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
      expect(await worker.runOnce()).toMatchObject({ sent: 1 });
      expect(smtp.received).toHaveLength(1);
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      transport.close?.();
      await smtp.close();
    }
  });

  it('never logs a message body, code or full recipient', async () => {
    const { log, lines } = capturingLogger();
    const port = await closedPort();
    const down = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@vestibule.test' });
    await loginCode();
    await new OutboxWorker({ db, secrets: TEST_SECRETS, transports: { email: down }, log }).runOnce();

    const smtp = await startSmtpServer();
    try {
      const up = createSmtpTransport({ url: smtp.url, from: 'no-reply@vestibule.test' });
      await db.updateTable('outbox').set({ next_attempt_at: sql<Date>`now()` }).execute();
      await new OutboxWorker({ db, secrets: TEST_SECRETS, transports: { email: up }, log }).runOnce();
      up.close?.();
    } finally {
      await smtp.close();
    }
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const output = lines.join('');
    expect(output).toContain('e***@demo.test');
    expect(output).not.toContain('employee@demo.test');
    expect(output).not.toContain('48213907');
    expect(output).not.toContain('Your code is');
  });
});

describe('OutboxWorker retries and failures', () => {
  it('waits 5 s × 2^attempts between tries, at most an hour', () => {
    expect([0, 1, 2, 3, 7].map(backoffSeconds)).toEqual([5, 10, 20, 40, 640]);
    expect(backoffSeconds(12)).toBe(3600);
  });

  it('marks a message failed after the eighth failed attempt, with an error that holds no body', async () => {
    const { transport } = recordingTransport({
      fail: (m) => new Error(`relay said: cannot deliver "${m.body_text}" to ${m.recipient}`),
    });
    const worker = emailWorker(transport);
    const id = await loginCode();
    await db.updateTable('outbox').set({ attempts: 7 }).where('id', '=', id).execute();

    expect(await worker.runOnce()).toMatchObject({ failed: 1 });

    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 8, locked_until: null });
    expect(failed.last_error).toContain('recording: relay said: cannot deliver');
    expect(failed.last_error).not.toContain('48213907');
    expect(failed.last_error).not.toContain('Your code is');
    expect(failed.last_error).not.toContain('employee@demo.test');
    // A failed message is never picked up again.
    expect(await worker.runOnce()).toMatchObject({ sent: 0, retried: 0, failed: 0 });
  });

  it('keeps last_error short however long the transport error is', async () => {
    const { transport } = recordingTransport({ fail: () => new Error('x'.repeat(10_000)) });
    const id = await loginCode();
    await emailWorker(transport).runOnce();
    expect((await row(id)).last_error!.length).toBeLessThanOrEqual(500);
  });

  it('fails an SMS at once with a clear error when no SMS transport is configured', async () => {
    const transports = selectTransports({
      smtpUrl: 'smtp://127.0.0.1:1',
      mailFrom: 'x@y.test',
      devInbox: false,
    });
    const id = await enqueueMessage(db, TEST_SECRETS, {
      channel: 'sms',
      edition: 'general',
      recipient: '+32470000001',
      bodyText: 'Your code is 12345678',
    });
    expect(
      await new OutboxWorker({ db, secrets: TEST_SECRETS, transports, log: silent }).runOnce(),
    ).toMatchObject({ failed: 1 });
    const failed = await row(id);
    expect(failed.status).toBe('failed');
    expect(failed.last_error).toMatch(/no sms transport configured/);
  });

  it('delivers an SMS to the dev inbox when the dev inbox is on and no SMS transport exists', async () => {
    const transports = selectTransports({ mailFrom: 'x@y.test', devInbox: true });
    const id = await enqueueMessage(db, TEST_SECRETS, {
      channel: 'sms',
      edition: 'general',
      recipient: '+32470000001',
      bodyText: 'Your code is 12345678',
    });
    const worker = new OutboxWorker({
      db,
      secrets: TEST_SECRETS,
      transports,
      log: silent,
      keepDeliveredBodies: true,
    });
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    // The dev inbox shows every message sent: with it on, the (sealed) body stays until the purge.
    const delivered = await row(id);
    expect(delivered.status).toBe('sent');
    expect(TEST_SECRETS.decrypt(delivered.body_text!)).toBe('Your code is 12345678');
  });
});

describe('OutboxWorker claims', () => {
  it('two workers on the same database never send a message twice', async () => {
    const other = await database.reopen();
    try {
      const ids: number[] = [];
      for (let i = 0; i < 30; i += 1) ids.push(await loginCode(`user${i}@demo.test`));
      const first = recordingTransport({ delayMs: 2 });
      const second = recordingTransport({ delayMs: 2 });
      const workers = [
        emailWorker(first.transport, {
          batchSize: 4,
        }),
        new OutboxWorker({
          db: other.db,
          secrets: TEST_SECRETS,
          transports: { email: second.transport },
          log: silent,
          batchSize: 4,
        }),
      ];
      const drain = async (worker: OutboxWorker) => {
        while ((await worker.runOnce()).sent > 0) {}
      };
      await Promise.all(workers.map(drain));

      const sent = [...first.sent, ...second.sent].sort((a, b) => a - b);
      expect(sent).toEqual(ids);
      const statuses = await db.selectFrom('outbox').select('status').distinct().execute();
      expect(statuses).toEqual([{ status: 'sent' }]);
    } finally {
      await other.close();
    }
  });

  it('skips a row another worker has claimed until its lease runs out', async () => {
    const id = await loginCode();
    await db
      .updateTable('outbox')
      .set({ locked_until: sql<Date>`now() + interval '1 minute'` })
      .where('id', '=', id)
      .execute();
    const { transport, sent } = recordingTransport();
    const worker = emailWorker(transport);
    expect(await worker.runOnce()).toMatchObject({ sent: 0 });

    // The claiming worker died: once the lease has passed the message is delivered.
    await db.updateTable('outbox').set({ locked_until: sql<Date>`now() - interval '1 second'` }).execute();
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    expect(sent).toEqual([id]);
  });
});

describe('OutboxWorker running', () => {
  it('delivers a new message at once when kicked, without waiting for the poll', async () => {
    const { transport, sent } = recordingTransport();
    const worker = emailWorker(transport, {
      pollIntervalMs: 60_000,
    });
    worker.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const id = await loginCode();
      await vi.waitFor(() => expect(sent).toEqual([id]), { timeout: 2000, interval: 20 });
    } finally {
      await worker.stop();
    }
  });

  it('stop() finishes the message in flight and releases the rest of the batch for other instances', async () => {
    const { transport, sent } = recordingTransport({ delayMs: 300 });
    const worker = emailWorker(transport, {
      pollIntervalMs: 60_000,
      // One lane, so the rest of the batch is still unstarted when the stop comes.
      concurrency: 1,
    });
    const ids = [
      await loginCode('a@demo.test'),
      await loginCode('b@demo.test'),
      await loginCode('c@demo.test'),
    ];
    worker.start();
    await vi.waitFor(
      async () => {
        const locked = await db
          .selectFrom('outbox')
          .select('id')
          .where('locked_until', 'is not', null)
          .execute();
        expect(locked).toHaveLength(3);
      },
      { timeout: 2000, interval: 10 },
    );

    await worker.stop({ timeoutMs: 0 });

    expect(sent).toEqual([ids[0]]);
    const rows = await db.selectFrom('outbox').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.status, r.locked_until, r.attempts])).toEqual([
      ['sent', null, 0],
      ['pending', null, 0],
      ['pending', null, 0],
    ]);
  });
});
