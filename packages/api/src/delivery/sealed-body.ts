import type { Db } from '../db/database';
import type { SecretBox } from '../security/secret-box';

/** The columns of a message body as the outbox stores it: sealed, never readable at rest. */
export function sealBody(secrets: SecretBox, body: { bodyText: string; bodyHtml?: string | undefined }) {
  return {
    body_text: secrets.encrypt(body.bodyText),
    body_html: body.bodyHtml === undefined ? null : secrets.encrypt(body.bodyHtml),
    body_sealed: true,
  };
}

/** The readable body of a stored row; null once delivered (the body was dropped). */
export function openBody(
  secrets: SecretBox,
  row: { body_text: string | null; body_html: string | null; body_sealed: boolean },
): { bodyText: string | null; bodyHtml: string | null } {
  const open = (value: string | null) =>
    value === null || !row.body_sealed ? value : secrets.decrypt(value);
  return { bodyText: open(row.body_text), bodyHtml: open(row.body_html) };
}

/**
 * Seals the bodies of rows written before bodies were sealed (migration 0009), in place. Runs at
 * start; an instance of an older version still writing plain rows during a rolling update is
 * caught by the next start or the purge.
 */
export async function sealPlainBodies(db: Db, secrets: SecretBox): Promise<number> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'body_text', 'body_html'])
    .where('body_sealed', '=', false)
    .where('body_text', 'is not', null)
    .execute();
  for (const row of rows) {
    await db
      .updateTable('outbox')
      .set(sealBody(secrets, { bodyText: row.body_text!, bodyHtml: row.body_html ?? undefined }))
      .where('id', '=', row.id)
      .where('body_sealed', '=', false)
      .execute();
  }
  return rows.length;
}
