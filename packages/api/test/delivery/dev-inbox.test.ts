import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printInbox } from '../../src/cli/inbox';
import type { Db } from '../../src/db/database';
import { sendMessage } from '../../src/delivery/messages/send';
import { enqueueMessage } from '../../src/delivery/outbox';
import { registerDelivery } from '../../src/delivery/register';
import type { AppContext } from '../../src/http/context';
import { registerErrorHandling } from '../../src/http/error-handler';
import { createTestApp, TEST_SECRETS, type TestApp, testConfig, testDatabase } from '../support/test-app';

let db: Db;

/** The delivery plugin alone on a bare Fastify, its worker off: the shared database's rows stay put. */
async function inboxApp(overrides: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = Fastify();
  const ctx = {
    config: testConfig(overrides),
    db,
    log: pino({ level: 'silent' }),
    secrets: TEST_SECRETS,
  } as unknown as AppContext;
  app.decorate('ctx', ctx);
  registerErrorHandling(app);
  await registerDelivery(app, { startWorker: false });
  return app;
}

/** A unique recipient, so the shared database's other messages never match. */
const uniqueEmail = () => `inbox-${randomUUID().slice(0, 8)}@demo.test`;

beforeAll(async () => {
  db = (await testDatabase()).db;
});

describe('GET /dev/inbox.json', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await inboxApp();
  });
  afterAll(() => app.close());

  it('lists an enqueued message, newest first, with the fields tests read', async () => {
    const to = uniqueEmail();
    const older = await enqueueMessage(db, TEST_SECRETS, {
      channel: 'email',
      edition: 'general',
      recipient: to,
      bodyText: 'first',
    });
    const newer = await enqueueMessage(db, TEST_SECRETS, {
      channel: 'email',
      edition: 'general',
      recipient: to,
      subject: 'Your login code',
      bodyText: 'Your code is 48213907.',
      bodyHtml: '<p>Your code is 48213907.</p>',
    });

    const response = await app.inject({ url: `/dev/inbox.json?to=${encodeURIComponent(to)}` });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.map((m: { id: number }) => m.id)).toEqual([newer, older]);
    expect(body[0]).toEqual({
      id: newer,
      channel: 'email',
      edition: 'general',
      recipient: to,
      subject: 'Your login code',
      purpose: null,
      bodyText: 'Your code is 48213907.',
      hasHtml: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      status: 'pending',
    });
  });

  it('matches the recipient without regard to case', async () => {
    const to = uniqueEmail();
    await enqueueMessage(db, TEST_SECRETS, {
      channel: 'email',
      edition: 'general',
      recipient: to,
      bodyText: 'hi',
    });
    const response = await app.inject({ url: `/dev/inbox.json?to=${encodeURIComponent(to.toUpperCase())}` });
    expect(response.json()).toHaveLength(1);
  });

  it('finds an SMS by phone number even when the + arrives decoded as a space', async () => {
    const phone = `+3247${Math.floor(Math.random() * 1e7)
      .toString()
      .padStart(7, '0')}`;
    await enqueueMessage(db, TEST_SECRETS, {
      channel: 'sms',
      edition: 'general',
      recipient: phone,
      bodyText: 'Code 12345678',
    });
    const response = await app.inject({ url: `/dev/inbox.json?to=${phone}` });
    expect(response.json()).toMatchObject([{ recipient: phone, channel: 'sms', bodyText: 'Code 12345678' }]);
  });

  it('answers an empty list for a recipient without messages', async () => {
    const response = await app.inject({ url: `/dev/inbox.json?to=${uniqueEmail()}` });
    expect(response.json()).toEqual([]);
  });
});

describe('GET /dev/inbox', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await inboxApp();
  });
  afterAll(() => app.close());

  it('escapes HTML in every message field and highlights 8-digit codes', async () => {
    const to = uniqueEmail();
    await enqueueMessage(db, TEST_SECRETS, {
      channel: 'email',
      edition: 'general',
      recipient: to,
      subject: '<script>alert(1)</script>',
      bodyText: 'Your code is 48213907 <img src=x onerror=alert(2)> & "quotes"',
    });

    const response = await app.inject({ url: `/dev/inbox?to=${encodeURIComponent(to)}` });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt; &amp; &quot;quotes&quot;');
    expect(html).toContain('<mark class="code">48213907</mark>');
    expect(html).toContain(to);
  });

  it('escapes the recipient filter echoed into the page', async () => {
    const response = await app.inject({ url: `/dev/inbox?to=${encodeURIComponent('"><script>x</script>')}` });
    expect(response.body).not.toContain('<script');
    expect(response.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('has no <style> element and takes its look from a stylesheet route', async () => {
    const page = await app.inject({ url: '/dev/inbox' });
    expect(page.body).not.toContain('<style');
    expect(page.body).toContain('<link rel="stylesheet" href="/dev/inbox.css">');
    const css = await app.inject({ url: '/dev/inbox.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });
});

describe('dev inbox off', () => {
  it('GET /dev/inbox and /dev/inbox.json answer 404 when DEV_INBOX=off', async () => {
    const app = await inboxApp({ DEV_INBOX: 'off' });
    try {
      for (const url of ['/dev/inbox', '/dev/inbox.json', '/dev/inbox.css']) {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
      }
    } finally {
      await app.close();
    }
  });
});

describe('dev inbox in the whole server', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.app.close());

  it('serves the page under the strict CSP and delivers new messages to it', async () => {
    const to = uniqueEmail();
    const id = await enqueueMessage(db, TEST_SECRETS, {
      channel: 'email',
      edition: 'general',
      recipient: to,
      bodyText: 'hello',
    });

    const page = await test.call({ method: 'GET', url: '/dev/inbox', deviceId: null });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    // The app's worker marks it delivered to the dev inbox.
    let status: string | undefined;
    for (let i = 0; i < 50 && status !== 'sent'; i += 1) {
      const json = await test.call({ method: 'GET', url: `/dev/inbox.json?to=${to}`, deviceId: null });
      status = json.json().find((m: { id: number }) => m.id === id)?.status;
      if (status !== 'sent') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('sent');
  });

  it('shows an e-mail rendered in a sandboxed frame beside its text part', async () => {
    const to = uniqueEmail();
    await sendMessage(
      db,
      { secrets: TEST_SECRETS, publicUrls: { lu: 'https://account.example.lu' } },
      {
        purpose: 'login_code',
        edition: 'lu',
        locale: 'de_LU',
        values: { code: '48213907', minutes: 10 },
        to: [{ channel: 'email', address: to }],
      },
    );
    const [message] = (
      await test.call({ method: 'GET', url: `/dev/inbox.json?to=${to}`, deviceId: null })
    ).json();
    expect(message).toMatchObject({
      hasHtml: true,
      purpose: 'login_code',
      subject: 'Vestibule Luxembourg: Ihr Anmeldecode',
    });
    expect(message.bodyText).toContain('48213907');

    const page = await test.call({ method: 'GET', url: `/dev/inbox?to=${to}`, deviceId: null });
    expect(page.body).toContain(`<iframe sandbox="" referrerpolicy="no-referrer" loading="lazy"`);
    expect(page.body).toContain(`src="/dev/inbox/${message.id}.html"`);
    expect(page.body).toContain('<mark class="code">48213907</mark>');

    const html = await test.call({ method: 'GET', url: `/dev/inbox/${message.id}.html`, deviceId: null });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(html.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    expect(html.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(html.body).toContain('lang="de-LU"');
    expect(html.body).toMatch(/class="code"[^>]*>48213907</);

    // A text-only message, an unknown id and a malformed one have no HTML part.
    const textOnly = await enqueueMessage(db, TEST_SECRETS, {
      channel: 'sms',
      edition: 'general',
      recipient: '+32470000099',
      bodyText: 'x',
    });
    for (const url of [`/dev/inbox/${textOnly}.html`, '/dev/inbox/999999999.html', '/dev/inbox/x1.html']) {
      const missing = await test.call({ method: 'GET', url, deviceId: null });
      expect(missing.statusCode, url).toBe(404);
      expect(String(missing.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
  });
});

describe('printInbox (npm run admin -- inbox)', () => {
  it('prints the newest messages to one recipient with their codes, newest last', async () => {
    const to = uniqueEmail();
    await enqueueMessage(db, TEST_SECRETS, {
      channel: 'email',
      edition: 'lu',
      recipient: to,
      subject: 'Old',
      bodyText: 'old',
    });
    await enqueueMessage(db, TEST_SECRETS, {
      channel: 'email',
      edition: 'lu',
      recipient: to,
      subject: 'Code',
      bodyText: 'Your code is 48213907.\nBye',
    });
    const lines: string[] = [];
    await printInbox(db, TEST_SECRETS, { to }, (line) => lines.push(line));

    const text = lines.join('\n');
    expect(text).toMatch(
      new RegExp(`#\\d+ {2}\\S+ \\S+ UTC {2}email {2}lu {2}to ${to} {2}\\[(pending|sent)\\]`),
    );
    expect(text).toContain('  Your code is 48213907.\n  Bye');
    expect(text.indexOf('Subject: Old')).toBeLessThan(text.indexOf('Subject: Code'));
  });

  it('prints the text part of a rendered e-mail, with the code and links, and where its HTML is', async () => {
    const to = uniqueEmail();
    await sendMessage(
      db,
      { secrets: TEST_SECRETS, publicUrls: { general: 'https://account.example.com' } },
      {
        purpose: 'step_up_code',
        edition: 'general',
        locale: 'nl',
        values: { code: '50917342', minutes: 10 },
        to: [{ channel: 'email', address: to }],
      },
    );
    const lines: string[] = [];
    await printInbox(db, TEST_SECRETS, { to }, (line) => lines.push(line));
    const text = lines.join('\n');
    expect(text).toContain('  Subject: Vestibule: je bevestigingscode');
    expect(text).toContain('  50917342');
    expect(text).toContain('https://account.example.com/security');
    expect(text).not.toMatch(/<[a-z]/i);
    expect(text).toMatch(/\(HTML part: \/dev\/inbox\/\d+\.html\)/);
  });

  it('says so when there is nothing to show', async () => {
    const lines: string[] = [];
    await printInbox(db, TEST_SECRETS, { to: uniqueEmail() }, (line) => lines.push(line));
    expect(lines).toEqual([expect.stringMatching(/^No messages to /)]);
  });
});
