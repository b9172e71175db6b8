import type { EditionId } from '@vestibule/contract/editions';
import type { Config } from '../config';

/**
 * The public origin of an edition (`https://account.example.com`), from PUBLIC_URL and
 * PUBLIC_URL_LU: the base of every absolute link a message carries and the OIDC issuer. Never
 * built from a request's Host, which an attacker chooses (docs/decisions/0025).
 */
export function publicOrigin(config: Pick<Config, 'publicUrls'>, edition: EditionId): string {
  return config.publicUrls[edition];
}
