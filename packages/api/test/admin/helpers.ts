import type { StaffRole } from '@vestibule/contract/schemas/admin';
import { grantStaffRole } from '../../src/admin/staff.queries';
import { runAdminCommand } from '../../src/cli/commands';
import type { Db } from '../../src/db/database';
import { newTotpSecret } from '../../src/flows/mfa/totp';
import { createSession } from '../../src/security/session.queries';
import { createAccount, type TestAccount } from '../support/accounts';
import { TEST_SECRETS, type TestApp, testConfig } from '../support/test-app';

export interface StaffOptions {
  role?: StaffRole;
  /** The role's edition scope; null: both. */
  scope?: 'general' | 'lu' | null;
  companyId?: number | null;
  /** The account's own edition (its session's host). */
  edition?: 'general' | 'lu';
  /** The second factor the account holds: an authenticator, SMS only, or none. */
  factor?: 'totp' | 'sms' | 'passkey';
  /** A live step-up on the session, and the factor that made it. */
  stepUp?: 'totp' | 'sms' | 'passkey';
}

export interface StaffSession extends TestAccount {
  token: string;
  host: string;
}

export const hostOf = (edition: 'general' | 'lu' = 'general') =>
  edition === 'lu' ? 'lu.localhost:3000' : 'localhost:3000';

/** A fresh account with a staff role (or none), a factor and a live session, set up in the database. */
export async function staffSession(db: Db, options: StaffOptions = {}): Promise<StaffSession> {
  const edition = options.edition ?? 'general';
  const account = await createAccount(db, { edition });
  const factor = options.factor ?? 'totp';
  if (factor === 'passkey')
    await db
      .insertInto('passkeys')
      .values({
        user_id: account.id,
        edition,
        credential_id: `cred-${account.id}`,
        public_key: 'AAAA',
        user_handle: `handle-${account.id}`,
        transports: JSON.stringify(['internal']),
        device_type: 'singleDevice',
        backed_up: false,
        aaguid: null,
        name: 'Test key',
      })
      .execute();
  else
    await db
      .insertInto('mfa_methods')
      .values({
        user_id: account.id,
        method: factor,
        target: factor === 'sms' ? account.phone : null,
        secret_enc: factor === 'totp' ? TEST_SECRETS.encrypt(newTotpSecret()) : null,
        last_totp_step: null,
        is_primary: true,
      })
      .execute();
  if (options.role)
    await grantStaffRole(db, {
      userId: account.id,
      role: options.role,
      edition: options.scope === undefined ? null : options.scope,
      companyId: options.companyId ?? null,
      grantedBy: 'test',
    });
  const { token } = await createSession(db, {
    userId: account.id,
    deviceId: '00000000-0000-4000-8000-000000000001',
    userAgent: 'vitest',
    ip: '127.0.0.1',
    amr: ['pwd', 'otp', 'mfa'],
    sudoUntil: options.stepUp ? new Date(Date.now() + 5 * 60_000) : null,
    sudoMethod: options.stepUp ?? null,
  });
  return { ...account, token, host: hostOf(edition) };
}

/** A machine client registered through the admin CLI with these admin scopes; answers id and secret. */
export async function machineClient(db: Db, scopes: string, edition?: 'general' | 'lu') {
  const lines: string[] = [];
  const code = await runAdminCommand(
    db,
    ['clients', 'add', '--name', 'Ticketing', '--scopes', scopes, ...(edition ? ['--edition', edition] : [])],
    (line) => lines.push(line),
    TEST_SECRETS,
    testConfig(),
  );
  const output = lines.join('\n');
  const clientId = /Client (\S+) registered/.exec(output)?.[1];
  const secret = /keep it safe\): (\S+)/.exec(output)?.[1];
  if (code !== 0 || !clientId || !secret) throw new Error(`clients add failed: ${output}`);
  return { clientId, secret };
}

/** A client-credentials access token from /oauth/token, as a machine client asks for one. */
export async function clientToken(
  test: TestApp,
  client: { clientId: string; secret: string },
  scope: string,
  host = hostOf(),
): Promise<string> {
  const response = await test.call({
    method: 'POST',
    url: '/oauth/token',
    host,
    deviceId: null,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`,
    },
    payload: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
  });
  const body = response.json() as { access_token?: string };
  if (response.statusCode !== 200 || !body.access_token)
    throw new Error(`client_credentials refused: ${response.statusCode} ${response.body}`);
  return body.access_token;
}
