import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';

export const ENCRYPTION_KEY_FILE = 'encryption.key';

/** Thrown when no key exists and this caller may not make one (the admin CLI on a used database). */
export class MissingEncryptionKeyError extends Error {}

/** Reads DATA_DIR/encryption.key: one base64 32-byte key per line, the active one first. */
async function readKeyFile(file: string): Promise<Buffer[] | undefined> {
  try {
    const keys = (await readFile(file, 'utf8'))
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((line) => Buffer.from(line, 'base64'));
    if (keys.length === 0 || keys.some((key) => key.length !== 32)) {
      throw new Error(`${file} does not hold base64 32-byte keys`);
    }
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The keyring of secrets at rest, active key first: ENCRYPTION_KEY when set (required in
 * production, checked by loadConfig), otherwise DATA_DIR/encryption.key, generated on the first
 * start with mode 0600 - unless `create` is false: a key invented for a database that already holds
 * sealed values would open none of them.
 */
export async function resolveEncryptionKeys(
  config: Config,
  options: { create?: boolean } = {},
): Promise<Buffer[]> {
  if (config.encryptionKeys) return config.encryptionKeys;
  const file = join(config.dataDir, ENCRYPTION_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return existing;
  if (options.create === false) {
    throw new MissingEncryptionKeyError(
      `ENCRYPTION_KEY is not set and ${file} does not exist: this database holds values sealed with a key. ` +
        'Set ENCRYPTION_KEY to the key the server uses (or run the command where its DATA_DIR is).',
    );
  }
  const key = randomBytes(32);
  // wx: never overwrite a key another instance wrote meanwhile; re-read it instead.
  try {
    await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return [key];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readKeyFile(file)) ?? [key];
  }
}
