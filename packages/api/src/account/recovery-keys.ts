import { randomInt } from 'node:crypto';
import { RECOVERY_KEY_COUNT, RECOVERY_KEY_LENGTH } from '@vestibule/contract/constants';
import type { Db } from '../db/database';
import type { SecretBox } from '../security/secret-box';

// Crockford-like alphabet without look-alikes (0/O, 1/I/L): 10 characters ≈ 49 bits per key.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const KEY_LENGTH = RECOVERY_KEY_LENGTH;

function newRecoveryKey(): string {
  let key = '';
  for (let i = 0; i < KEY_LENGTH; i++) key += ALPHABET[randomInt(ALPHABET.length)];
  return `${key.slice(0, 5)}-${key.slice(5)}`;
}

const normalised = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();

/** Keyed hash of a recovery key as typed: case, dashes and spaces do not matter. */
export function recoveryKeyHash(secrets: SecretBox, userId: number, typed: string): string {
  return secrets.hash(`recovery:${userId}`, normalised(typed));
}

/** The hash under every key of the ring: keys handed out before a rotation still work. */
export function recoveryKeyHashes(secrets: SecretBox, userId: number, typed: string): string[] {
  return secrets.hashes(`recovery:${userId}`, normalised(typed));
}

/**
 * Replaces the user's recovery keys with new ones for the authenticator `methodId`; the old keys
 * are void at once. Answers the keys in clear: the only time they are ever shown.
 */
export async function replaceRecoveryKeys(db: Db, secrets: SecretBox, userId: number, methodId: number) {
  await db.deleteFrom('totp_recovery_keys').where('user_id', '=', userId).execute();
  const keys = Array.from({ length: RECOVERY_KEY_COUNT }, newRecoveryKey);
  await storeRecoveryKeys(db, secrets, userId, methodId, keys);
  return keys;
}

/** Stores given keys (the demo seed documents its keys in the README). */
export async function storeRecoveryKeys(
  db: Db,
  secrets: SecretBox,
  userId: number,
  methodId: number,
  keys: readonly string[],
) {
  await db
    .insertInto('totp_recovery_keys')
    .values(
      keys.map((key) => ({
        user_id: userId,
        method_id: methodId,
        key_hash: recoveryKeyHash(secrets, userId, key),
        key_id: secrets.activeKeyId,
      })),
    )
    .execute();
}
