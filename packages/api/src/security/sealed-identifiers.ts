import type { SecretBox } from './secret-box';

// Card numbers, national register numbers and IBANs at rest (decision 0067): sealed with the
// secret box, and found through a blind index, so that no table or backup holds them in clear and
// no query needs the clear value. Callers pass normalised values (digits only; IBAN compact).

/** The columns of a card number: sealed, and its blind index for lookups and uniqueness. */
export function sealedCardNumber(secrets: SecretBox, pan: string) {
  return { number: secrets.encrypt(pan), number_index: secrets.blindIndex('pan', pan) };
}

/** The columns of a card holder's national register number (cards table). */
export function sealedHolderNrn(secrets: SecretBox, nrn: string | null) {
  return {
    holder_national_register_number: nrn === null ? null : secrets.encrypt(nrn),
    holder_nrn_index: nrn === null ? null : secrets.blindIndex('nrn', nrn),
  };
}

/** The columns of an account's national register number (users table). */
export function sealedUserNrn(secrets: SecretBox, nrn: string | null) {
  return {
    national_register_number: nrn === null ? null : secrets.encrypt(nrn),
    national_register_number_index: nrn === null ? null : secrets.blindIndex('nrn', nrn),
  };
}

/** An IBAN sealed: it is shown masked and never looked up, so it needs no index. */
export function sealedIban(secrets: SecretBox, iban: string | null): string | null {
  return iban === null ? null : secrets.encrypt(iban);
}

/** True for a value the secret box wrote (v1 before key ids, v2 with one). */
export function isSealed(value: string): boolean {
  return /^v[12]:/.test(value);
}

/**
 * The clear value of a sealed column. A row an older instance wrote in clear during a rolling
 * update is answered as it is until the next start or `keys rotate` seals it.
 */
export function openIdentifier(secrets: SecretBox, value: string): string;
export function openIdentifier(secrets: SecretBox, value: string | null): string | null;
export function openIdentifier(secrets: SecretBox, value: string | null): string | null {
  if (value === null) return null;
  return isSealed(value) ? secrets.decrypt(value) : value;
}
