import type { Db } from '../db/database';
import type { SecretBox } from '../security/secret-box';

// What the admin CLI's command families share: how they print, and how they read their arguments.

/** Prints one line of a command's answer. */
export type Write = (line: string) => void;

/** A family of admin commands on the keyring: its exit code, or undefined when argv is none of its commands. */
export type KeyringCommand = (
  db: Db,
  argv: readonly string[],
  write: Write,
  secrets: SecretBox,
) => Promise<number | undefined>;

/** The value after `--name` in a command's arguments, if given. */
export function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** A row id typed on the command line (1 to 9 digits), else undefined. */
export const positiveId = (value: string | undefined) =>
  value && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
