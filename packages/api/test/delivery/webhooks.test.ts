// Webhooks as a receiver sees them: Standard Webhooks signatures checked with the official
// `standardwebhooks` library, at-least-once delivery in order per account, retries after a failing
// receiver recovers, a slow receiver that holds no one, secret rotation with overlap, the
// subscription disabled after three days of failures, and destinations refused in production.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/cli/commands';
import { audit } from '../../src/db/audit';
import type { DatabaseHandle } from '../../src/db/database';
import { checkDestination } from '../../src/delivery/webhooks/destination';
import { WEBHOOK_EVENT_TYPES } from '../../src/delivery/webhooks/events';
import {
  createSubscription,
  deliveryLog,
  newWebhookSecret,
  replayDelivery,
  rotateSubscriptionSecret,
} from '../../src/delivery/webhooks/subscriptions';
import { RETRY_SCHEDULE_SECONDS, WebhookWorker } from '../../src/delivery/webhooks/worker';
import { profileSession } from '../profile/helpers';
import { sharedTestApp, TEST_SECRETS, testConfig } from '../support/test-app';
import { openTestDatabase } from './helpers';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver: records every POST and answers what `respond` says (status, after a delay). */
async function startReceiver() {
  const received: Received[] = [];
  let respond: () => { status: number; delayMs?: number } = () => ({ status: 204 });
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const { status, delayMs = 0 } = respond();
      setTimeout(() => response.writeHead(status).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    answer(next: () => { status: number; delayMs?: number }) {
      respond = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const LOCAL = { production: false, allowedHosts: [] };
const quiet = pino({ level: 'silent' });

/** What the official library accepts, parsed: it throws on a bad signature or an old timestamp. */
function verified(secret: string, message: Received) {
  return new Webhook(secret).verify(message.body, message.headers as Record<string, string>) as {
    type: string;
    data: Record<string, unknown>;
  };
}

async function newAccount(db: DatabaseHandle['db'], edition = 'general') {
  const row = await db
    .insertInto('users')
    .values({
      edition,
      firstname: 'Hook',
      lastname: 'Test',
      language: 'en',
      password_hash: 'x',
      gender: null,
      birthdate: null,
      user_id: null,
      customer_user_id: null,
      fridom_user_id: null,
      iban: null,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('webhook deliveries (a database of their own)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let receiver: Receiver;
  const worker = (options: Partial<ConstructorParameters<typeof WebhookWorker>[0]> = {}) =>
    new WebhookWorker({ db: database.db, secrets: TEST_SECRETS, log: quiet, policy: LOCAL, ...options });
  const makeDue = () =>
    sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE status = 'pending'`.execute(database.db);

  beforeAll(async () => {
    database = await openTestDatabase();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await database.close();
  });

  it('announces an IBAN change, signed, with ids and names only, never the IBAN', async () => {
    const { id, secret } = await createSubscription(database.db, TEST_SECRETS, LOCAL, {
      url: receiver.url,
      events: ['iban.changed', 'user.updated'],
    });
    const account = await newAccount(database.db);
    await audit(database.db, {
      kind: 'iban.changed',
      userId: account,
      edition: 'general',
      detail: { country: 'BE', last4: '3210' },
    });
    await audit(database.db, { kind: 'login.succeeded', userId: account, edition: 'general' });
    receiver.received.length = 0;
    expect(await worker().runOnce()).toEqual({ delivered: 1, failed: 0 });
    const [message] = receiver.received;
    expect(message?.headers['webhook-id']).toMatch(/^msg_\d+$/);
    const event = verified(secret, message as Received);
    expect(event).toMatchObject({ type: 'iban.changed', data: { account_id: account, edition: 'general' } });
    expect(message?.body).not.toMatch(/3210|"BE"|last4|country/);
    expect(() => verified(newWebhookSecret(), message as Received)).toThrow();
    await database.db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
  });

  it('retries a failing receiver with backoff and delivers once it recovers, logging each attempt', async () => {
    const { id, secret } = await createSubscription(database.db, TEST_SECRETS, LOCAL, {
      url: receiver.url,
      events: ['password.changed'],
    });
    const account = await newAccount(database.db);
    await audit(database.db, {
      kind: 'password.changed',
      userId: account,
      edition: 'general',
      detail: { reason: 'settings' },
    });
    receiver.received.length = 0;
    receiver.answer(() => ({ status: 503 }));
    expect(await worker().runOnce()).toEqual({ delivered: 0, failed: 1 });
    const pending = await database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('subscription_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_status: 503 });
    expect(pending.next_attempt_at.getTime()).toBeGreaterThan(
      Date.now() + (RETRY_SCHEDULE_SECONDS[0] - 1) * 1000,
    );
    expect(await worker().runOnce()).toEqual({ delivered: 0, failed: 0 }); // not due yet

    receiver.answer(() => ({ status: 200 }));
    await makeDue();
    expect(await worker().runOnce()).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]?.headers['webhook-id']).toBe(receiver.received[1]?.headers['webhook-id']);
    expect(verified(secret, receiver.received[1] as Received)).toMatchObject({
      type: 'password.changed',
      data: { reason: 'settings' },
    });
    const [logged] = await deliveryLog(database.db, id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(logged?.log.map((attempt) => attempt.status_code)).toEqual([503, 200]);
    expect(logged?.log.every((attempt) => attempt.duration_ms >= 0)).toBe(true);
    await database.db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
  });

  it('keeps the order of one account: the next event waits until the one before is delivered', async () => {
    const { id } = await createSubscription(database.db, TEST_SECRETS, LOCAL, {
      url: receiver.url,
      events: ['contact.added', 'contact.removed'],
    });
    const account = await newAccount(database.db);
    await audit(database.db, {
      kind: 'contact.added',
      userId: account,
      edition: 'general',
      detail: { kind: 'email' },
    });
    await audit(database.db, {
      kind: 'contact.removed',
      userId: account,
      edition: 'general',
      detail: { kind: 'email' },
    });
    receiver.received.length = 0;
    receiver.answer(() => ({ status: 500 }));
    await worker().runOnce();
    await makeDue();
    await worker().runOnce();
    expect(receiver.received.map((message) => JSON.parse(message.body).type)).toEqual([
      'contact.added',
      'contact.added',
    ]);
    receiver.answer(() => ({ status: 200 }));
    await makeDue();
    await worker().runOnce();
    await worker().runOnce();
    expect(receiver.received.map((message) => JSON.parse(message.body).type)).toEqual([
      'contact.added',
      'contact.added',
      'contact.added',
      'contact.removed',
    ]);
    await database.db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
  });

  it('claims the next batch at once after a full one, not a poll later', async () => {
    const { id } = await createSubscription(database.db, TEST_SECRETS, LOCAL, {
      url: receiver.url,
      events: ['iban.changed'],
    });
    // Five accounts, one event each: three batches of two, with no poll in between.
    for (let index = 0; index < 5; index += 1)
      await audit(database.db, {
        kind: 'iban.changed',
        userId: await newAccount(database.db),
        edition: 'general',
      });
    receiver.answer(() => ({ status: 200 }));
    receiver.received.length = 0;
    const running = worker({ batchSize: 2, pollIntervalMs: 600_000 });
    running.start();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(5);
    await running.stop();
    await database.db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
  });

  it('gives up on a slow receiver at the timeout without holding the other subscriptions', async () => {
    const slow = await startReceiver();
    slow.answer(() => ({ status: 200, delayMs: 3000 }));
    const a = await createSubscription(database.db, TEST_SECRETS, LOCAL, {
      url: slow.url,
      events: ['user.locked'],
    });
    const b = await createSubscription(database.db, TEST_SECRETS, LOCAL, {
      url: receiver.url,
      events: ['user.locked'],
    });
    receiver.answer(() => ({ status: 200 }));
    receiver.received.length = 0;
    await audit(database.db, {
      kind: 'account.locked',
      userId: await newAccount(database.db),
      edition: 'general',
    });
    const started = performance.now();
    expect(await worker({ timeoutMs: 300 }).runOnce()).toEqual({ delivered: 1, failed: 1 });
    expect(performance.now() - started).toBeLessThan(2500);
    expect(receiver.received).toHaveLength(1);
    const [timedOut] = await deliveryLog(database.db, a.id);
    expect(timedOut?.last_error).toMatch(/Timeout|abort/i);
    await slow.close();
    await database.db.deleteFrom('webhook_subscriptions').where('id', 'in', [a.id, b.id]).execute();
  });

  it('signs with the old and the new secret while a rotation overlaps', async () => {
    const { id, secret: old } = await createSubscription(database.db, TEST_SECRETS, LOCAL, {
      url: receiver.url,
      events: ['user.unlocked'],
    });
    const rotated = await rotateSubscriptionSecret(database.db, TEST_SECRETS, id);
    receiver.answer(() => ({ status: 200 }));
    receiver.received.length = 0;
    await audit(database.db, {
      kind: 'account.unlocked',
      userId: await newAccount(database.db),
      edition: 'general',
    });
    await worker().runOnce();
    const [message] = receiver.received;
    expect(String(message?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(old, message as Received).type).toBe('user.unlocked');
    expect(verified(rotated, message as Received).type).toBe('user.unlocked');
    await database.db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
  });

  it('disables a subscription whose delivery failed for three days, tells the operator, and replays on demand', async () => {
    const { id } = await createSubscription(database.db, TEST_SECRETS, LOCAL, {
      url: receiver.url,
      events: ['card.activated'],
    });
    await audit(database.db, {
      kind: 'card.activated',
      userId: await newAccount(database.db),
      edition: 'general',
      detail: { card_id: 7 },
    });
    await sql`UPDATE webhook_deliveries SET attempts = ${RETRY_SCHEDULE_SECONDS.length} WHERE subscription_id = ${id}`.execute(
      database.db,
    );
    receiver.answer(() => ({ status: 500 }));
    await worker().runOnce();
    const subscription = await database.db
      .selectFrom('webhook_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(subscription.enabled).toBe(false);
    expect(subscription.disabled_reason).toMatch(/three days/);
    const [failed] = await deliveryLog(database.db, id);
    expect(failed?.status).toBe('failed');
    const notice = await database.db
      .selectFrom('audit_events')
      .select('detail')
      .where('kind', '=', 'webhook.disabled')
      .execute();
    expect(notice.map((row) => row.detail)).toContainEqual({ subscription_id: id, delivery_id: failed?.id });

    const replay = await replayDelivery(database.db, failed?.id ?? 0);
    await sql`UPDATE webhook_subscriptions SET enabled = true WHERE id = ${id}`.execute(database.db);
    receiver.answer(() => ({ status: 200 }));
    await worker().runOnce();
    const replayed = (await deliveryLog(database.db, id)).find((delivery) => delivery.id === replay);
    expect(replayed).toMatchObject({ status: 'delivered', message_id: failed?.message_id });
    await expect(replayDelivery(database.db, replay)).rejects.toMatchObject({ reason: 'already_delivered' });
    await database.db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
  });

  it('refuses unknown events, reused secrets and an empty list', async () => {
    await expect(
      createSubscription(database.db, TEST_SECRETS, LOCAL, { url: receiver.url, events: ['user.exploded'] }),
    ).rejects.toMatchObject({ reason: 'unknown_event' });
    await expect(
      createSubscription(database.db, TEST_SECRETS, LOCAL, { url: receiver.url, events: [] }),
    ).rejects.toMatchObject({
      reason: 'no_event',
    });
    const secret = newWebhookSecret();
    const first = await createSubscription(database.db, TEST_SECRETS, LOCAL, {
      url: receiver.url,
      events: ['user.created'],
      secret,
    });
    await expect(
      createSubscription(database.db, TEST_SECRETS, LOCAL, {
        url: receiver.url,
        events: ['user.created'],
        secret,
      }),
    ).rejects.toMatchObject({ reason: 'secret_reused' });
    await database.db.deleteFrom('webhook_subscriptions').where('id', '=', first.id).execute();
  });
});

describe('webhook destinations in production', () => {
  const production = { production: true, allowedHosts: ['crm.internal.example'] };

  it.each([
    ['http://hooks.example.com/in', 'not_https'],
    ['https://127.0.0.1/in', 'private_address'],
    ['https://10.1.2.3/in', 'private_address'],
    ['https://[::1]/in', 'private_address'],
    ['https://169.254.169.254/latest/meta-data', 'private_address'],
    ['https://localhost/in', 'private_address'],
    ['not a url', 'invalid_url'],
    ['https://user:pass@hooks.example.com/in', 'invalid_url'],
  ])('refuses %s (%s)', async (url, reason) => {
    await expect(checkDestination(url, production)).rejects.toMatchObject({ reason });
  });

  it('lets an allowed internal host through, and any https address outside production', async () => {
    await expect(checkDestination('https://crm.internal.example/in', production)).resolves.toBeInstanceOf(
      URL,
    );
    await expect(checkDestination('http://127.0.0.1:9/in', LOCAL)).resolves.toBeInstanceOf(URL);
  });
});

describe('the event catalogue', () => {
  it('is exactly what the database trigger announces', () => {
    const migration = readFileSync(
      new URL('../../src/db/migrations/0025_webhooks.sql', import.meta.url),
      'utf8',
    );
    const announced = new Set([...migration.matchAll(/THEN '([a-z._]+)'/g)].map((match) => match[1]));
    expect([...announced].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });
});

describe('an IBAN changed through the API', () => {
  const test = sharedTestApp();

  it('reaches a subscribed receiver, signed, whichever instance delivers it', async () => {
    const receiver = await startReceiver();
    const { id, secret } = await createSubscription(test.database.db, TEST_SECRETS, LOCAL, {
      url: receiver.url,
      events: ['iban.changed'],
      edition: 'general',
    });
    try {
      const session = await profileSession(test);
      const response = await test.call({
        method: 'PUT',
        url: '/api/user/iban',
        token: session.token,
        payload: { iban: 'BE68 5390 0754 7034' },
      });
      expect(response.statusCode).toBe(200);
      // The app's own worker delivers it (polling every second); the receiver may also see other
      // tests' accounts, so this looks for the one of this account.
      const mine = () =>
        receiver.received
          .map((message) => verified(secret, message))
          .find((event) => event.data.account_id === session.account.id);
      await expect
        .poll(mine, { timeout: 10_000 })
        .toMatchObject({ type: 'iban.changed', data: { edition: 'general' } });
      expect(receiver.received.map((message) => message.body).join('')).not.toMatch(/5390|7034|BE68/);
    } finally {
      await test.database.db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
      await receiver.close();
    }
  });
});

describe('npm run admin -- webhooks', () => {
  it('subscribes, lists, refuses a bad request with the reason, and removes', async () => {
    const database = await openTestDatabase();
    const lines: string[] = [];
    const run = (...argv: string[]) =>
      runAdminCommand(database.db, argv, (line) => lines.push(line), TEST_SECRETS, testConfig());
    try {
      expect(
        await run(
          'webhooks',
          'add',
          '--url',
          'http://127.0.0.1:9/in',
          '--events',
          'user.updated iban.changed',
        ),
      ).toBe(0);
      expect(lines.at(-1)).toMatch(/^Subscription (\d+) created\. Its secret, shown once: whsec_/);
      const id = /Subscription (\d+)/.exec(lines.at(-1) ?? '')?.[1] ?? '';
      expect(await run('webhooks', 'list')).toBe(0);
      expect(lines.at(-1)).toContain('user.updated iban.changed');
      expect(lines.at(-1)).not.toContain('whsec_');
      expect(
        await run('webhooks', 'add', '--url', 'http://127.0.0.1:9/in', '--events', 'user.exploded'),
      ).toBe(1);
      expect(lines.at(-1)).toBe('Refused: unknown event types: user.exploded.');
      expect(await run('webhooks', 'remove', id)).toBe(0);
      expect(await run('webhooks', 'remove', id)).toBe(1);
      expect(await run('webhooks', 'frobnicate')).toBe(2);
    } finally {
      await database.close();
    }
  });
});
