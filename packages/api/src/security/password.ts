import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** OWASP parameters for argon2id (DESIGN §4): m=19 MiB, t=2, p=1. */
// algorithm 2 is Argon2id (a const enum in the typings, unusable under verbatimModuleSyntax).
const PARAMETERS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${PARAMETERS.memoryCost},t=${PARAMETERS.timeCost},p=${PARAMETERS.parallelism}$`;

/**
 * At most one hash per core at a time: each argon2id hash holds 19 MiB while it runs,
 * and libuv's four threads would run four at once on a 2-core machine — no faster (the cores are
 * busy either way) but 40 MB more resident memory. The others wait in order.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism());
let running = 0;
const waiting: Array<() => void> = [];

async function oneHashAtATimePerCore<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return oneHashAtATimePerCore(() => hash(password, PARAMETERS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneHashAtATimePerCore(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** True when a stored hash was made with other parameters and should be rehashed at login. */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(CURRENT_PREFIX);
}

/**
 * A hash of a random password, verified against when the account does not exist, so that an
 * unknown username costs the same time as a wrong password.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}
