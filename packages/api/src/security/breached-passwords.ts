import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { isCommonPassword } from './password-policy';

/**
 * Whether a password appears in a breach corpus (ASVS 6.2.12, NIST 800-63B §5.1.1.2): the
 * offline list of the 100,000 most common passwords shipped in common-passwords.txt, and — with
 * BREACHED_PASSWORDS=api — the Pwned Passwords range API. docs/decisions/0029.
 */
export interface BreachedPasswords {
  isBreached(password: string): Promise<boolean>;
}

/** A slow or absent API must not hold a login or a sign-up for long: it then counts as "not found". */
const API_TIMEOUT_MS = 2_000;

/**
 * The Pwned Passwords range API (k-anonymity): only the first 5 hex digits of the password's
 * SHA-1 leave the server; the answer lists the suffixes of every breached hash with that prefix
 * as `SUFFIX:COUNT` lines (padding lines count 0). Any failure answers false and is logged
 * without the password or its hash.
 */
export function pwnedPasswordsApi(
  apiUrl: string,
  log: Pick<Logger, 'warn'>,
  fetchImpl: typeof fetch = fetch,
): BreachedPasswords {
  return {
    async isBreached(password) {
      const hash = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
      const prefix = hash.slice(0, 5);
      const suffix = hash.slice(5);
      try {
        const response = await fetchImpl(`${apiUrl}/range/${prefix}`, {
          headers: { 'add-padding': 'true', 'user-agent': 'Vestibule account portal' },
          signal: AbortSignal.timeout(API_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = await response.text();
        return body.split('\n').some((line) => {
          const [lineSuffix, count] = line.trim().split(':');
          return lineSuffix?.toUpperCase() === suffix && Number(count) > 0;
        });
      } catch (error) {
        log.warn({ reason: (error as Error).message }, 'breached-password check unavailable');
        return false;
      }
    },
  };
}

/** The offline list alone (also the first check when the API is on: no call for a common one). */
export const offlineCommonPasswords: BreachedPasswords = {
  isBreached: async (password) => isCommonPassword(password),
};

export function breachedPasswordsFor(
  config: Pick<Config, 'breachedPasswords'>,
  log: Pick<Logger, 'warn'>,
): BreachedPasswords {
  const api =
    config.breachedPasswords.mode === 'api'
      ? pwnedPasswordsApi(config.breachedPasswords.apiUrl, log)
      : undefined;
  return {
    async isBreached(password) {
      if (await offlineCommonPasswords.isBreached(password)) return true;
      return api ? api.isBreached(password) : false;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    breachedPasswords: BreachedPasswords;
  }
}

export function registerBreachedPasswords(app: FastifyInstance) {
  app.decorate('breachedPasswords', breachedPasswordsFor(app.ctx.config, app.log));
}
