import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/cli/commands';
import { loadConfig, parseTrustProxy } from '../../src/config';
import { enqueueMessage } from '../../src/delivery/outbox';
import { PRODUCTION_BASE_ENV } from '../support/production-env';
import { TEST_SECRETS, testConfig, testDatabase } from '../support/test-app';

/** A production environment that starts: every refusal below removes or spoils one piece. */
const READY = {
  ...PRODUCTION_BASE_ENV,
  DATABASE_URL: 'postgres://vestibule@db.internal:5432/vestibule',
  PUBLIC_URL: 'https://account.example.com',
  PUBLIC_URL_LU: 'https://account.example.lu',
};

function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('production refuses what cannot work', () => {
  it('starts with the database, SMS provider and operator identity set', () => {
    expect(loadConfig(READY).production).toBe(true);
  });

  it('lists every missing setting in one message, each naming the variable and what to write', () => {
    const message = refusal({ NODE_ENV: 'production' });
    const names = [
      'SMTP_URL',
      'ENCRYPTION_KEY',
      'SMS_ACCOUNT_SID',
      'SMS_AUTH_TOKEN',
      'SMS_SENDER_GENERAL',
      'DATABASE_URL',
      ...['MAIL_COMPANY', 'MAIL_ADDRESS', 'MAIL_REGISTRATION', 'SUPPORT_EMAIL', 'SUPPORT_PHONE'].flatMap(
        (name) => [name, `${name}_LU`],
      ),
    ];
    for (const name of names)
      expect(message).toMatch(new RegExp(`^  ${name}: required in production \\(.+`, 'm'));
    expect(message).toContain('PUBLIC_URL, PUBLIC_URL_LU: required in production');
    expect(message).toContain('EMBEDDED_DATABASE=on');
  });

  it('refuses the demo operator’s legal lines and support contacts in either edition', () => {
    const message = refusal({ ...READY, MAIL_COMPANY: 'Vestibule SA', SUPPORT_PHONE_LU: '+352 20 00 00 00' });
    expect(message).toContain('MAIL_COMPANY: "Vestibule SA" is the demo operator\'s; write your legal name');
    expect(message).toContain('SUPPORT_PHONE_LU: "+352 20 00 00 00" is the demo operator\'s');
    expect(message.trim().split('\n')).toHaveLength(3);
  });

  it('takes the embedded database only when EMBEDDED_DATABASE=on says so, never with DATABASE_URL', () => {
    const { DATABASE_URL: _url, ...embedded } = READY;
    expect(refusal(embedded)).toMatch(/DATABASE_URL: required in production/);
    expect(loadConfig({ ...embedded, EMBEDDED_DATABASE: 'on' }).databaseUrl).toBeUndefined();
    expect(refusal({ ...READY, EMBEDDED_DATABASE: 'on' })).toMatch(
      /EMBEDDED_DATABASE: on contradicts DATABASE_URL/,
    );
  });

  it('refuses the dev inbox, demo data and TRUST_PROXY=true together, saying what to write instead', () => {
    const message = refusal({ ...READY, DEV_INBOX: 'on', SEED_DEMO_DATA: 'on', TRUST_PROXY: 'true' });
    expect(message).toContain('DEV_INBOX: the dev inbox cannot run in production');
    expect(message).toContain('SEED_DEMO_DATA: demo accounts');
    expect(message).toMatch(
      /TRUST_PROXY: true lets any client write its own address; write the number of proxies/,
    );
    expect(loadConfig({ ...READY, TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('lists schema errors and production refusals together', () => {
    const message = refusal({ NODE_ENV: 'production', PORT: 'eighty' });
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}SMTP_URL: required in production/m);
  });

  it('refuses the admin inbox command in production, which would print one-time codes', async () => {
    const { db } = await testDatabase();
    const recipient = `inbox-${Date.now()}@test.example`;
    await enqueueMessage(db, TEST_SECRETS, {
      channel: 'email',
      edition: 'general',
      recipient,
      subject: 'Your code',
      bodyText: 'Your code is 123456',
    });
    const lines: string[] = [];
    const write = (line: string) => lines.push(line);
    expect(
      await runAdminCommand(db, ['inbox', '--to', recipient], write, TEST_SECRETS, {
        ...testConfig(),
        production: true,
      }),
    ).toBe(2);
    expect(lines.join('\n')).toContain('refused in production');
    expect(lines.join('\n')).not.toContain('123456');
    lines.length = 0;
    expect(await runAdminCommand(db, ['inbox', '--to', recipient], write, TEST_SECRETS, testConfig())).toBe(
      0,
    );
    expect(lines.join('\n')).toContain('123456');
  });
});

describe('TRUST_PROXY forms', () => {
  it('takes false, true, a hop count, or addresses and CIDR ranges', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else with the forms it takes', () => {
    for (const value of ['yes', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/2', '', '-1'])
      expect(parseTrustProxy(value), value).toBeUndefined();
    expect(refusal({ TRUST_PROXY: 'yes' })).toMatch(
      /TRUST_PROXY: must be false, the number of proxies in front/,
    );
  });
});
