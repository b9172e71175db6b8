import { EDITIONS, type EditionId } from '@vestibule/contract/editions';
import { parseUsername } from '@vestibule/contract/username';
import { findUserByUsername } from '../account/users';
import { audit } from '../db/audit';
import type { Db } from '../db/database';
import { option, type Write } from '../operations/command-line';
import type { SecretBox } from '../security/secret-box';
import { type ClosureCommandContext, closeForHolder } from './closure.command';

export const USERS_USAGE = `  users find LOGIN [--edition general|lu]              show an account by e-mail or phone
  users lock|unlock LOGIN [--edition …]               lock (ends its sessions) or unlock an account
  users force-mfa LOGIN on|off [--edition …]          set mfa_forced (forced MFA setup at next login)
  users mfa-customer LOGIN on|off [--edition …]       set mfa_customer (customer MFA policy, may skip)
`;

/** Account administration; answers undefined when argv is not a `users` command. */
export async function runUsersCommand(
  db: Db,
  argv: readonly string[],
  write: Write,
  closure: { secrets: SecretBox; config: ClosureCommandContext },
): Promise<number | undefined> {
  const [command, action, login, value] = argv;
  if (command !== 'users') return undefined;
  const editionId = (option(argv, '--edition') ?? 'general') as EditionId;
  const edition = EDITIONS[editionId];
  const username = edition && login ? parseUsername(login, edition.phoneRegion) : undefined;
  if (!edition || !username || !action) {
    write(`Usage:\n${USERS_USAGE}`);
    return 2;
  }
  const found = await findUserByUsername(db, edition.id, username);
  if (!found) {
    write(`No account with ${username.value} in the ${edition.id} edition.`);
    return 1;
  }
  const userId = found.id;
  const event = (kind: Parameters<typeof audit>[1]['kind'], detail: Record<string, unknown> = {}) =>
    audit(db, { kind, userId, edition: edition.id, detail: { ...detail, by: 'admin-cli' } });

  switch (action) {
    case 'close':
      return closeForHolder({ db, ...closure }, userId, argv, write);
    case 'find': {
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const sessions = await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
      write(
        [
          `Account ${user.id} (${user.edition}): ${[user.firstname, user.lastname].filter(Boolean).join(' ')}`,
          ...(user.erased_at ? [`  erased on ${user.erased_at.toISOString()} (closed account)`] : []),
          ...(user.closes_at ? [`  closing: data erased after ${user.closes_at.toISOString()}`] : []),
          `  language ${user.language}, password_status ${user.password_status}, ${user.locked_at ? `locked since ${user.locked_at.toISOString()}` : 'not locked'}`,
          `  mfa_forced ${user.mfa_forced}, mfa_customer ${user.mfa_customer}, ${sessions.length} session(s)`,
          `  user_id ${user.user_id ?? '-'}, customer_user_id ${user.customer_user_id ?? '-'}, fridom_user_id ${user.fridom_user_id ?? '-'}`,
        ].join('\n'),
      );
      return 0;
    }
    case 'lock':
    case 'unlock': {
      const lock = action === 'lock';
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ locked_at: lock ? new Date() : null })
          .where('id', '=', userId)
          .execute();
        if (lock) await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        await audit(trx, {
          kind: lock ? 'account.locked' : 'account.unlocked',
          userId,
          edition: edition.id,
          detail: { by: 'admin-cli' },
        });
      });
      write(`Account ${userId} ${lock ? 'locked; its sessions are ended' : 'unlocked'}.`);
      return 0;
    }
    case 'force-mfa':
    case 'mfa-customer': {
      if (value !== 'on' && value !== 'off') break;
      const column = action === 'force-mfa' ? 'mfa_forced' : 'mfa_customer';
      await db
        .updateTable('users')
        .set({ [column]: value === 'on' })
        .where('id', '=', userId)
        .execute();
      await event('account.mfa_policy_changed', { [column]: value === 'on' });
      write(`Account ${userId}: ${column} is ${value}.`);
      return 0;
    }
  }
  write(`Usage:\n${USERS_USAGE}`);
  return 2;
}
