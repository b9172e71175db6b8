import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import type { OutboxMessage } from '../../src/delivery/message';
import { createTwilioSmsTransport } from '../../src/delivery/transports/sms-twilio';
import { PermanentDeliveryError } from '../../src/delivery/transports/transport';

interface Received {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

/** A local server speaking the Twilio Messages API; the status it answers is set per test. */
let server: Server;
let apiUrl: string;
let nextStatus = 201;
const received: Received[] = [];

async function body(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      form: new URLSearchParams(await body(request)),
    });
    response.writeHead(nextStatus, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        nextStatus < 300
          ? { sid: 'SM123', status: 'queued' }
          : { code: 21211, message: 'The To number +32470000001 is not valid' },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function sms(edition: string): OutboxMessage {
  return {
    id: 1,
    channel: 'sms',
    edition,
    purpose: null,
    recipient: '+32470000001',
    subject: null,
    body_text: 'Your Vestibule code is 12345678',
    body_html: null,
    status: 'pending',
    attempts: 0,
    next_attempt_at: new Date(),
    locked_until: null,
    last_error: null,
    created_at: new Date(),
    sent_at: null,
  };
}

const transport = () =>
  createTwilioSmsTransport({
    apiUrl,
    accountSid: 'AC42',
    authToken: 'secret-token',
    senders: { general: 'Vestibule', lu: 'VestibuleLU' },
  });

describe('SMS over the Twilio Messages API', () => {
  it('posts To, From (the edition sender) and Body with basic auth to the account Messages resource', async () => {
    nextStatus = 201;
    await transport().send(sms('lu'));
    const request = received.at(-1)!;
    expect(request.path).toBe('/2010-04-01/Accounts/AC42/Messages.json');
    expect(request.authorization).toBe(`Basic ${Buffer.from('AC42:secret-token').toString('base64')}`);
    expect(Object.fromEntries(request.form)).toEqual({
      To: '+32470000001',
      From: 'VestibuleLU',
      Body: 'Your Vestibule code is 12345678',
    });
  });

  it('throws a retryable error on 429 and 5xx, without the recipient or the body in the message', async () => {
    for (const status of [429, 503]) {
      nextStatus = status;
      const error = await transport()
        .send(sms('general'))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(PermanentDeliveryError);
      expect(String((error as Error).message)).not.toMatch(/\+32470000001|12345678/);
    }
  });

  it('fails at once (permanent) on another 4xx such as an invalid number', async () => {
    nextStatus = 400;
    await expect(transport().send(sms('general'))).rejects.toBeInstanceOf(PermanentDeliveryError);
  });
});

describe('SMS configuration', () => {
  it('is off without credentials and names each missing variable when half configured', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    expect(() => loadConfig({ SMS_ACCOUNT_SID: 'AC1' })).toThrowError(ConfigError);
    expect(() => loadConfig({ SMS_ACCOUNT_SID: 'AC1' })).toThrowError(/SMS_AUTH_TOKEN: required/);
    const config = loadConfig({
      SMS_ACCOUNT_SID: 'AC1',
      SMS_AUTH_TOKEN: 't',
      SMS_SENDER_GENERAL: 'Vestibule',
    });
    expect(config.sms).toMatchObject({ apiUrl: 'https://api.twilio.com', senders: { general: 'Vestibule' } });
  });
});
