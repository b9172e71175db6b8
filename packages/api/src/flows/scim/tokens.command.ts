import type { Db } from '../../db/database';
import { option, positiveId, type Write } from '../../operations/command-line';
import { createScimToken, listScimTokens, revokeScimToken, ScimTokenError } from './tokens';

export const SCIM_USAGE = `  scim companies                                      the customer companies and their ids
  scim tokens create --company ID [--label TEXT]      a SCIM token for the company (printed once)
  scim tokens list --company ID                       the company's tokens, last use, revoked or not
  scim tokens revoke TOKEN_ID --company ID            revoke a token at once
`;

/** `scim tokens …`; undefined when argv is not a `scim` command. */
export async function runScimCommand(
  db: Db,
  argv: readonly string[],
  write: Write,
): Promise<number | undefined> {
  const [command, object, action, ...rest] = argv;
  if (command !== 'scim') return undefined;
  if (object === 'companies') {
    const companies = await db
      .selectFrom('companies')
      .select(['id', 'edition', 'name'])
      .orderBy('id')
      .execute();
    for (const company of companies) write(`${company.id}\t${company.edition}\t${company.name}`);
    return 0;
  }
  const companyId = positiveId(option(argv, '--company'));
  if (object !== 'tokens' || companyId === undefined) {
    write(`Usage:\n${SCIM_USAGE}`);
    return 2;
  }
  try {
    switch (action) {
      case 'create': {
        const label = option(argv, '--label') ?? '';
        const created = await createScimToken(db, { companyId, label, createdBy: 'admin-cli' });
        write(
          `SCIM token ${created.id} for company ${companyId}. Give it to the company's HR system now; it is not shown again:\n${created.token}`,
        );
        return 0;
      }
      case 'list': {
        const tokens = await listScimTokens(db, companyId);
        if (!tokens.length) write(`Company ${companyId} has no SCIM token.`);
        for (const token of tokens)
          write(
            `${token.id}\t${token.label || '-'}\tcreated ${token.createdAt.toISOString()} by ${token.createdBy}\tlast used ${token.lastUsedAt?.toISOString() ?? 'never'}\t${token.revokedAt ? `revoked ${token.revokedAt.toISOString()}` : 'live'}`,
          );
        return 0;
      }
      case 'revoke': {
        const tokenId = positiveId(rest[0]);
        if (tokenId === undefined) break;
        const revoked = await revokeScimToken(db, { companyId, tokenId, revokedBy: 'admin-cli' });
        write(
          revoked
            ? `SCIM token ${tokenId} revoked.`
            : `Company ${companyId} has no live SCIM token ${tokenId}.`,
        );
        return revoked ? 0 : 1;
      }
    }
  } catch (error) {
    if (error instanceof ScimTokenError) {
      write(error.message);
      return 1;
    }
    throw error;
  }
  write(`Usage:\n${SCIM_USAGE}`);
  return 2;
}
