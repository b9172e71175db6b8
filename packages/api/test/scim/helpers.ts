import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/database';
import { companyId } from '../../src/flows/onboarding/registry';
import { createScimToken } from '../../src/flows/scim/tokens';
import { bodyText } from '../support/outbox';

export const SCIM_TYPE = 'application/scim+json';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A company of its own and a live token for it. */
export async function scimCompany(db: Db, edition: 'general' | 'lu' = 'general') {
  const name = `SCIM Co ${randomUUID().slice(0, 8)}`;
  const id = await companyId(db, edition, name);
  const { token } = await createScimToken(db, { companyId: id, createdBy: 'test' });
  return { id, name, token };
}

/** A User resource as an HR system sends it (RFC 7643 §8.2, trimmed). */
export function scimUser(overrides: Record<string, unknown> = {}) {
  const local = `hr-${randomUUID().slice(0, 8)}`;
  return {
    schemas: [USER_SCHEMA],
    userName: `${local}@test.example`,
    externalId: `ext-${local}`,
    name: { givenName: 'Bea', familyName: 'Jansen' },
    emails: [{ value: `${local}@test.example`, type: 'work', primary: true }],
    active: true,
    ...overrides,
  };
}

/** The invitation code of the newest invitation e-mail to `address`. */
export async function invitationCodeTo(db: Db, address: string): Promise<string> {
  const rows = await db
    .selectFrom('outbox')
    .select(['body_text', 'body_sealed'])
    .where('recipient', '=', address)
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const code = /\b([0-9A-Z]{5})-([0-9A-Z]{5})\b/.exec(bodyText(row));
    if (code) return `${code[1]}${code[2]}`;
  }
  throw new Error(`no invitation sent to ${address}`);
}
