// The shape of the scale bench's data set (bench/scale/build.ts), as pure functions of a seed and
// an account number: the same seed gives the same accounts, cards, identifiers and passwords, so
// the harness finds a card, a national number or a login of the set without reading it back.
import { luhnCheckDigit } from '../../packages/contract/src/card-number';
import { verhoeffCheckDigit } from '../../packages/contract/src/national-register-number';

/** Bumped when the rows the builder writes change: a database built by another version is rebuilt. */
export const DATASET_VERSION = 5;

export interface ScaleSize {
  accounts: number;
  sessions: number;
  auditEvents: number;
  grants: number;
  invitations: number;
  merges: number;
  /** Cards ordered by employers but not yet linked to an account (the onboarding lookups find them). */
  unlinkedCards: number;
}

/** The large set (a million card holders), or the same mix scaled to another number of accounts. */
export function sizeFor(accounts: number, auditEvents?: number): ScaleSize {
  const per = (ratio: number) => Math.round(accounts * ratio);
  return {
    accounts,
    sessions: per(3),
    auditEvents: auditEvents ?? per(20),
    grants: per(0.2),
    invitations: per(0.05),
    merges: per(0.02),
    unlinkedCards: per(0.1),
  };
}

/** The account with 10,000 sessions of the sessions-page figure (the first generated account). */
export const SESSIONS_USER_SESSIONS = 10_000;
/** Audit rows older than the retention (400 days by default) are this share: what a purge removes. */
export const AUDIT_DAYS = 460;
export const AUDIT_RETENTION_DAYS = 400;
/** Sessions expired beyond the purge's one-day grace: their share of all sessions. */
export const EXPIRED_SESSION_SHARE = 0.2;

/** A few distinct passwords, each hashed once with the product's argon2id and reused. */
export const PASSWORDS = ['Scale-password-1-2026', 'Scale-password-2-2026', 'Scale-password-3-2026'];

/** mulberry32: a small seeded generator, enough to spread the data reproducibly. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Account n (0-based): its edition, mostly the general one (Belgium), a tenth Luxembourg. */
export const editionOf = (n: number) => (n % 10 === 9 ? 'lu' : 'general');

export const emailOf = (n: number) => `holder${n}@scale.test`;

/** Valid Belgian mobile numbers (49x, nine digits, apart from the demo's 47x) for the general edition, Luxembourg ones for the other (E.164). */
export function phoneOf(n: number): string {
  return editionOf(n) === 'lu'
    ? `+352691${String(n).padStart(6, '0')}`
    : `+3249${String(n).padStart(7, '0')}`;
}

/** Which of the optional parts account n has, fixed by the account number. */
export function traitsOf(n: number) {
  const r = n % 100;
  return {
    phone: r < 60,
    secondEmail: r % 5 === 1,
    nationalNumber: r < 70,
    iban: r % 3 === 0,
    card: r < 90,
    // MFA: sms 20 %, e-mail 8 %, authenticator 10 % (with the sms of some), passkeys 10 %.
    smsMfa: r >= 10 && r < 30,
    emailMfa: r >= 30 && r < 38,
    totp: r >= 25 && r < 35,
    passkey: r >= 40 && r < 50,
    grant: r >= 50 && r < 70,
    passwordIndex: n % PASSWORDS.length,
  };
}

/** Whether account n signs in with its password alone (no MFA method): the login figure's accounts. */
export function logsInWithoutMfa(n: number): boolean {
  const t = traitsOf(n);
  return n > 0 && !t.smsMfa && !t.emailMfa && !t.totp;
}

/** A Belgian national register number (11 digits, mod-97 check, births before 2000). */
export function belgianNationalNumber(n: number): string {
  const year = 40 + (n % 59);
  const month = 1 + (n % 12);
  const day = 1 + (n % 28);
  const counter = (Math.floor(n / 1_000) % 998) + 1;
  const base = `${String(year).padStart(2, '0')}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${String(counter).padStart(3, '0')}`;
  const check = 97 - Number(BigInt(base) % 97n);
  return `${base}${String(check).padStart(2, '0')}`;
}

/** A Luxembourg national identification number (13 digits, Luhn then Verhoeff). */
export function luxembourgNationalNumber(n: number): string {
  const year = 1940 + (n % 59);
  const month = 1 + (n % 12);
  const day = 1 + (n % 28);
  const counter = (Math.floor(n / 1_000) % 998) + 1;
  const base = `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${String(counter).padStart(3, '0')}`;
  return `${base}${luhnCheckDigit(base)}${verhoeffCheckDigit(base)}`;
}

/** Account n's national number in its edition's format, unique per account below ~1,000,000 × 59. */
export const nationalNumberOf = (n: number) =>
  editionOf(n) === 'lu' ? luxembourgNationalNumber(n) : belgianNationalNumber(n);

/** Card c (0-based over linked then unlinked cards): 50659 (apart from the demo cards), 10 digits of c, the Luhn digit. */
export function cardNumberOf(c: number): string {
  const payload = `50659${String(c).padStart(10, '0')}`;
  return `${payload}${luhnCheckDigit(payload)}`;
}

/** COPY text format: tab-separated, `\N` for null, backslashes and control characters escaped. */
export function copyLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i) line += '\t';
    if (value === null || value === undefined) line += '\\N';
    else if (typeof value === 'string')
      line += /[\\\t\n\r]/.test(value)
        ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
        : value;
    else line += String(value);
  }
  return `${line}\n`;
}

/** The card number index of account n's linked card (cards are numbered over the accounts that hold one). */
export function linkedCardIndex(n: number): number {
  return Math.floor(n / 100) * 90 + Math.min(n % 100, 90);
}

/** The card index of the u-th card not yet linked to an account (after every linked card). */
export function unlinkedCardIndex(accounts: number, u: number): number {
  return linkedCardIndex(accounts) + u;
}
