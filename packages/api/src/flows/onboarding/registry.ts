import { randomBytes } from 'node:crypto';
import { formatCode, INVITATION_CODE_LENGTH, randomCodeSymbols } from '@vestibule/contract/activation-code';
import { EDITIONS, type EditionId } from '@vestibule/contract/editions';
import type { Db } from '../../db/database';
import { sendMessage } from '../../delivery/messages/send';
import type { SecretBox } from '../../security/secret-box';
import { hashToken } from '../../security/tokens';

/** Days an invitation stays valid unless told otherwise. */
export const INVITATION_TTL_DAYS = 14;

/** The company of an edition by name, created on first use. */
export async function companyId(db: Db, edition: string, name: string): Promise<number> {
  const found = await db
    .selectFrom('companies')
    .select('id')
    .where('edition', '=', edition)
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto('companies')
    .values({ edition, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface NewInvitation {
  edition: EditionId;
  email: string;
  company: string;
  firstname?: string | null;
  lastname?: string | null;
  language?: string;
  days?: number;
  /** The edition's public origin (PUBLIC_URL / PUBLIC_URL_LU) for the links of the e-mail. */
  linkBase: string;
  /** A fixed code (demo data); a random one otherwise. */
  code?: string;
}

/**
 * Creates an invitation and writes its e-mail to the outbox in the same transaction (`db` must be
 * that transaction). Answers the code, which is stored only as its SHA-256.
 */
export async function createInvitation(db: Db, secrets: SecretBox, input: NewInvitation) {
  const code = input.code ?? randomCodeSymbols(INVITATION_CODE_LENGTH, (n) => randomBytes(n));
  const expiresAt = new Date(Date.now() + (input.days ?? INVITATION_TTL_DAYS) * 24 * 60 * 60 * 1000);
  const language = input.language ?? EDITIONS[input.edition].defaultLocale;
  const row = await db
    .insertInto('invitations')
    .values({
      edition: input.edition,
      code_hash: hashToken(code),
      email: input.email,
      company_id: await companyId(db, input.edition, input.company),
      firstname: input.firstname ?? null,
      lastname: input.lastname ?? null,
      language,
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sendMessage(
    db,
    { secrets, publicUrls: { [input.edition]: input.linkBase } },
    {
      purpose: 'invitation',
      edition: input.edition,
      locale: language,
      values: { company: input.company, code: formatCode(code), expiresAt },
      to: [{ channel: 'email', address: input.email }],
    },
  );
  return { id: row.id, code, expiresAt };
}

/**
 * A new code for an unused invitation (the old one stops working), valid the usual days again,
 * and its e-mail to the outbox, in `db`'s transaction. Answers false for a used or unknown one.
 */
export async function renewInvitation(
  db: Db,
  secrets: SecretBox,
  invitationId: number,
  publicUrls: Readonly<Partial<Record<string, string>>>,
): Promise<boolean> {
  const code = randomCodeSymbols(INVITATION_CODE_LENGTH, (n) => randomBytes(n));
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  const row = await db
    .updateTable('invitations')
    .set({ code_hash: hashToken(code), expires_at: expiresAt })
    .where('id', '=', invitationId)
    .where('used_at', 'is', null)
    .returning(['edition', 'email', 'language', 'company_id'])
    .executeTakeFirst();
  if (!row) return false;
  const company = await db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', row.company_id)
    .executeTakeFirstOrThrow();
  await sendMessage(
    db,
    { secrets, publicUrls },
    {
      purpose: 'invitation',
      edition: row.edition,
      locale: row.language,
      values: { company: company.name, code: formatCode(code), expiresAt },
      to: [{ channel: 'email', address: row.email }],
    },
  );
  return true;
}

/** An unused invitation stops working now; answers false for a used or unknown one. */
export async function revokeInvitation(db: Db, invitationId: number): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ expires_at: new Date() })
    .where('id', '=', invitationId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An invitation's edition and whether it was used, for the desk's scope checks. */
export async function invitationOf(db: Db, invitationId: number) {
  return db
    .selectFrom('invitations')
    .select(['id', 'edition', 'email', 'used_at', 'user_id', 'company_id'])
    .where('id', '=', invitationId)
    .executeTakeFirst();
}
