import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@vestibule/contract/schemas/admin';
import { grantStaffRole } from '../../src/admin/staff.queries';
import type { Db } from '../../src/db/database';
import { newTotpSecret } from '../../src/flows/mfa/totp';
import { companyId } from '../../src/flows/onboarding/registry';
import { sealedCardNumber } from '../../src/security/sealed-identifiers';
import { createSession } from '../../src/security/session.queries';
import { randomCardNumber } from '../onboarding/helpers';
import { createAccount, type TestAccount } from '../support/accounts';
import { runAdmin } from '../support/admin-cli';
import { TEST_SECRETS, type TestApp } from '../support/test-app';

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
  const { code, output } = await runAdmin(db, [
    'clients',
    'add',
    '--name',
    'Ticketing',
    '--scopes',
    scopes,
    ...(edition ? ['--edition', edition] : []),
  ]);
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

export interface AdminTargets {
  /** An account of the edition, with a card and a date of birth (the identity check's proofs). */
  account: TestAccount & { card: string; birthdate: string };
  /** An unused invitation to that account's e-mail. */
  invitationId: number;
  /** A pending MFA-reset request on another account, asked by someone else. */
  mfaResetId: number;
}

/** Fresh things for an admin route to act on, in one edition. */
export async function adminTargets(db: Db, edition: 'general' | 'lu' = 'general'): Promise<AdminTargets> {
  const account = await createAccount(db, { edition, firstname: 'Target' });
  const card = randomCardNumber();
  const birthdate = '1990-04-12';
  await db.updateTable('users').set({ birthdate }).where('id', '=', account.id).execute();
  await db
    .insertInto('cards')
    .values({ edition, ...sealedCardNumber(TEST_SECRETS, card), user_id: account.id, status: 'active' })
    .execute();
  const company = await companyId(db, edition, edition === 'lu' ? 'Acme Luxembourg' : 'Acme Belgium');
  const invitation = await db
    .insertInto('invitations')
    .values({
      edition,
      code_hash: `test-${randomUUID()}`,
      email: account.email,
      company_id: company,
      firstname: null,
      lastname: null,
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const other = await createAccount(db, { edition });
  const reset = await db
    .insertInto('mfa_reset_requests')
    .values({
      user_id: other.id,
      edition,
      requested_by: 'user:0',
      identity_checked: JSON.stringify({ checked: ['card_number', 'birthdate'] }),
      reason: 'lost phone',
      ticket: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { account: { ...account, card, birthdate }, invitationId: invitation.id, mfaResetId: reset.id };
}
