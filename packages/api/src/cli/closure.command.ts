import { userInfo } from 'node:os';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { eraseDueAccounts, startClosure } from '../flows/closure/index';
import { ApiError } from '../http/api-error';
import { option, type Write } from '../operations/command-line';
import type { SecretBox } from '../security/secret-box';

export const CLOSURE_USAGE = `  users close LOGIN --reason "…" [--ticket T] [--actor NAME] [--edition …]
                                                      close an account for its holder (grace period, e-mail)
  closures run [--as-of YYYY-MM-DDTHH:MM:SSZ]         erase the accounts whose grace period ended
                                                      (--as-of: a test clock, refused in production)
`;

export type ClosureCommandContext = Pick<Config, 'production' | 'publicUrls' | 'closureGraceDays'>;

/** `users close`: support starts the same closure as the user's own, with who and why audited. */
export async function closeForHolder(
  deps: { db: Db; secrets: SecretBox; config: ClosureCommandContext },
  userId: number,
  argv: readonly string[],
  write: Write,
): Promise<number> {
  const reason = option(argv, '--reason')?.trim();
  if (!reason) {
    write('users close needs --reason "…": why the account is closed (kept in the audit trail).');
    return 2;
  }
  const actor = option(argv, '--actor') ?? `admin-cli:${userInfo().username}`;
  try {
    const { closesAt, sessionsEnded } = await startClosure(deps, userId, {
      kind: 'staff',
      actor,
      role: 'operator',
      reason,
      ticket: option(argv, '--ticket'),
    });
    write(
      `Account ${userId} is closing: ${sessionsEnded} session(s) ended, the holder was told; its data is erased after ${closesAt.toISOString()} unless they keep it.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    write(`Account ${userId} cannot be closed now: ${error.code}.`);
    return 1;
  }
}

/** `closures run`: what the erasure job does at its interval, now. */
export async function runClosuresCommand(
  db: Db,
  argv: readonly string[],
  write: Write,
  context: ClosureCommandContext,
): Promise<number | undefined> {
  const [command, action] = argv;
  if (command !== 'closures') return undefined;
  if (action !== 'run') {
    write(`Usage:\n${CLOSURE_USAGE}`);
    return 2;
  }
  const asOfText = option(argv, '--as-of');
  if (asOfText !== undefined && context.production) {
    write(
      'closures run --as-of is refused in production: it would erase accounts before their grace period ends.',
    );
    return 2;
  }
  const asOf = asOfText === undefined ? new Date() : new Date(asOfText);
  if (Number.isNaN(asOf.getTime())) {
    write(`--as-of ${asOfText}: not a date (write e.g. 2026-12-31T12:00:00Z).`);
    return 2;
  }
  const erased = await eraseDueAccounts(db, asOf);
  write(`${erased} account(s) erased.`);
  return 0;
}
