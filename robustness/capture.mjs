// The message providers of a crash run, on 127.0.0.1 in the orchestrator's process, counting every
// message the server hands over: an SMTP server (SMTP_URL) and a Twilio-compatible SMS API
// (SMS_API_URL). Each delivery is kept with the time it was accepted, so that a message delivered
// twice can be told apart: redelivered across a kill, or sent twice by a live server.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';

// smtp-server waits 100 ms before its greeting, to catch clients that talk too early (an anti-spam
// check for port 25); a submission relay greets at once. The outbox opens one connection per
// e-mail, so with the wait a crash run's backlog of e-mails drains at ~9 a second and takes
// minutes. The capture greets at once (only if the internals are as expected; else it just waits).
if (
  typeof SMTPConnection?.prototype?._setListeners === 'function' &&
  typeof SMTPConnection.prototype.connectionReady === 'function'
) {
  SMTPConnection.prototype.init = function init() {
    this._setListeners(() => this.connectionReady());
  };
}

/** `Message-ID` and `Subject` of a raw message (unfolded headers only). */
function headers(raw) {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const pick = (name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim();
  return { messageId: pick('Message-ID'), subject: pick('Subject') };
}

export async function startCapture() {
  /** { channel, to, messageId?, subject?, body?, at } in order of acceptance. */
  const deliveries = [];
  /** Called after each accepted message, once its acceptance is on its way to the server. */
  const listeners = new Set();
  const accepted = (delivery) => {
    deliveries.push(delivery);
    for (const listener of listeners) listener(delivery);
  };

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No reverse DNS lookup of 127.0.0.1 per connection (it made every message cost ~50 ms).
    disableReverseLookup: true,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // The envelope is reset by callback(): read the recipients first.
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        callback();
        for (const to of recipients) accepted({ channel: 'email', to, ...headers(raw), at: Date.now() });
      });
    },
  });
  await new Promise((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  // A killed server leaves its SMTP connection reset: expected here, not an error of the run.
  smtp.on('error', () => {});

  let smsCounter = 0;
  const sms = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || !/\/Messages\.json$/.test(request.url ?? '')) {
        response.writeHead(404).end();
        return;
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      smsCounter += 1;
      response
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sid: `SM${String(smsCounter).padStart(32, '0')}`, status: 'queued' }));
      accepted({ channel: 'sms', to: form.get('To'), body: form.get('Body'), at: Date.now() });
    });
  });
  await new Promise((resolve) => sms.listen(0, '127.0.0.1', () => resolve(undefined)));

  return {
    deliveries,
    /** Resolves at the next accepted message (or after `timeoutMs` with undefined). */
    nextDelivery(timeoutMs) {
      return new Promise((resolve) => {
        const done = (delivery) => {
          listeners.delete(done);
          clearTimeout(timer);
          resolve(delivery);
        };
        const timer = setTimeout(() => done(undefined), timeoutMs);
        listeners.add(done);
      });
    },
    smtpUrl: `smtp://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (smtp.server.address()).port}`,
    smsApiUrl: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (sms.address()).port}`,
    async close() {
      await new Promise((resolve) => smtp.close(() => resolve(undefined)));
      sms.closeAllConnections();
      await new Promise((resolve) => sms.close(resolve));
    },
  };
}
