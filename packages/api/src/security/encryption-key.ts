import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';

export const ENCRYPTION_KEY_FILE = 'encryption.key';

/**
 * The 32-byte key of secrets at rest: ENCRYPTION_KEY when set (required in production, checked by
 * loadConfig), otherwise DATA_DIR/encryption.key, generated on first start with mode 0600.
 */
export async function resolveEncryptionKey(config: Config): Promise<Buffer> {
  if (config.encryptionKey) return config.encryptionKey;
  const file = join(config.dataDir, ENCRYPTION_KEY_FILE);
  try {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a base64 32-byte key`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  // wx: never overwrite a key another instance wrote meanwhile; re-read it instead.
  try {
    await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  }
}
