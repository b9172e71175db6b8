import type { StaffRole } from '@vestibule/contract/schemas/admin';
import { sql } from 'kysely';
import { storeRecoveryKeys } from './account/recovery-keys';
import { grantStaffRole } from './admin/staff.queries';
import type { Db } from './db/database';
import { joinCompany } from './flows/company-admin/index';
import { seedOAuthDemo } from './flows/oauth/index';
import { companyId, seedOnboardingDemo } from './flows/onboarding/index';
import { hashPassword } from './security/password';
import { sealedCardNumber, sealedHolderNrn, sealedUserNrn } from './security/sealed-identifiers';
import type { SecretBox } from './security/secret-box';

export const DEMO_PASSWORD = 'Demo-password-2026';

/**
 * Authenticator secret of mfa@demo.test (base32; the README gives it): add it to an authenticator
 * app by hand, or compute codes from it in tests.
 */
export const DEMO_TOTP_SECRET = 'VESTIBULEDEMOTOTPSECRETKEY234567';
/** Recovery keys of mfa@demo.test, each usable once (README). */
export const DEMO_RECOVERY_KEYS = [
  'DEMO1-AAAAA',
  'DEMO2-BBBBB',
  'DEMO3-CCCCC',
  'DEMO4-DDDDD',
  'DEMO5-EEEEE',
  'DEMO6-FFFFF',
  'DEMO7-GGGGG',
  'DEMO8-HHHHH',
  'DEMO9-JJJJJ',
  'DEMOA-KKKKK',
] as const;

interface DemoAccount {
  edition: 'general' | 'lu';
  email: string;
  phone?: string;
  firstname: string;
  lastname: string;
  language: string;
  user_id?: string;
  customer_user_id?: string;
  fridom_user_id?: string;
  password_status?: number;
  mfa_customer?: boolean;
  mfa_forced?: boolean;
  /** MFA methods set up: sms on the phone, email on the e-mail, totp with DEMO_TOTP_SECRET. */
  mfa?: readonly ('sms' | 'email' | 'totp')[];
  /** National register number (digits) and an active card of theirs, for forgot username. */
  national_register_number?: string;
  card?: string;
  /** More contacts besides the primary ones (profile specs); `mfa` adds an SMS method on it. */
  extraEmails?: readonly { address: string; verified: boolean }[];
  extraPhones?: readonly { number: string; verified: boolean; mfa?: boolean }[];
  /** Date of birth (YYYY-MM-DD): the MFA-reset identity check compares it. */
  birthdate?: string;
  /** Staff roles (decision 0076): edition null is both; company names a demo company of the edition. */
  staff?: readonly { role: StaffRole; edition: 'general' | 'lu' | null; company?: string }[];
  /** The demo company (of the edition) the account belongs to: the company admin's people. */
  company?: string;
  note: string;
}

/** Demo accounts of the README. Phones are E.164. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    edition: 'general',
    email: 'employee@demo.test',
    phone: '+32470000001',
    national_register_number: '85073003328',
    card: '5065000000000001',
    firstname: 'Emma',
    lastname: 'Peeters',
    language: 'en',
    user_id: 'MM-1001',
    company: 'Acme Belgium',
    note: 'employee, my-area (phone +32 470 00 00 01)',
  },
  {
    edition: 'general',
    email: 'customer@demo.test',
    firstname: 'Chloé',
    lastname: 'Dubois',
    language: 'fr',
    customer_user_id: 'CA-2001',
    mfa_customer: true,
    note: 'customer user, client area, mfa_customer',
  },
  {
    edition: 'general',
    email: 'fridom@demo.test',
    firstname: 'Finn',
    lastname: 'Janssens',
    language: 'nl',
    user_id: 'MM-1003',
    fridom_user_id: 'FR-3001',
    note: 'employee with fridom and my-area',
  },
  {
    edition: 'general',
    email: 'weak@demo.test',
    firstname: 'Wout',
    lastname: 'Maes',
    language: 'en',
    user_id: 'MM-1004',
    password_status: 1,
    note: 'weak password (password_status 1)',
  },
  {
    edition: 'general',
    email: 'mfa@demo.test',
    phone: '+32470000005',
    firstname: 'Maxime',
    lastname: 'Claes',
    language: 'en',
    user_id: 'MM-1005',
    mfa: ['sms', 'email', 'totp'],
    company: 'Acme Belgium',
    note: 'MFA: SMS (primary), e-mail and authenticator (secret in README)',
  },
  {
    edition: 'general',
    email: 'forced@demo.test',
    phone: '+32470000006',
    firstname: 'Fien',
    lastname: 'Wouters',
    language: 'nl',
    user_id: 'MM-1006',
    mfa_forced: true,
    note: 'mfa_forced: must set up SMS and e-mail MFA after login',
  },
  {
    edition: 'lu',
    email: 'employee@demo.lu',
    phone: '+352621000001',
    firstname: 'Léa',
    lastname: 'Schmit',
    language: 'fr_LU',
    user_id: 'MM-LU-1001',
    national_register_number: '1985073012341',
    card: '5065000000000019',
    company: 'Acme Luxembourg',
    note: 'Luxembourg edition, on lu.localhost (phone +352 621 000 001)',
  },
  {
    edition: 'general',
    email: 'recovery@demo.test',
    phone: '+32470000009',
    firstname: 'Robin',
    lastname: 'Lambert',
    language: 'en',
    user_id: 'MM-1009',
    note: 'forgot-password end-to-end specs change its password (phone +32 470 00 00 09)',
  },
  {
    edition: 'lu',
    email: 'recovery@demo.lu',
    phone: '+352621000009',
    firstname: 'Romain',
    lastname: 'Weber',
    language: 'fr_LU',
    user_id: 'MM-LU-1009',
    note: 'Luxembourg forgot-password end-to-end specs change its password (phone +352 621 000 009)',
  },
  {
    edition: 'general',
    email: 'security@demo.test',
    phone: '+32470000010',
    firstname: 'Sam',
    lastname: 'Verhoeven',
    language: 'en',
    user_id: 'MM-1010',
    note: 'Security tab end-to-end specs end its sessions and report "not me" (phone +32 470 00 00 10)',
  },
  {
    edition: 'general',
    email: 'password@demo.test',
    phone: '+32470000011',
    firstname: 'Pat',
    lastname: 'Hermans',
    language: 'en',
    user_id: 'MM-1011',
    note: 'Security tab end-to-end specs change its password (phone +32 470 00 00 11)',
  },
  {
    edition: 'general',
    email: 'profile@demo.test',
    phone: '+32470000020',
    firstname: 'Paula',
    lastname: 'Mertens',
    language: 'en',
    user_id: 'MM-1020',
    mfa: ['email', 'sms'],
    extraEmails: [{ address: 'paula.unverified@demo.test', verified: false }],
    extraPhones: [{ number: '+32470000021', verified: true, mfa: true }],
    note: 'profile specs: MFA by e-mail (primary) and SMS on both phones (+32 470 00 00 20 and 21); an unverified e-mail',
  },
  {
    edition: 'lu',
    email: 'profile@demo.lu',
    phone: '+352621000020',
    firstname: 'Paul',
    lastname: 'Kremer',
    language: 'en_LU',
    user_id: 'MM-LU-1020',
    extraPhones: [{ number: '+352621000021', verified: true }],
    note: 'Luxembourg profile specs: no MFA (step-up by a code to the primary contact); a second phone without 2FA',
  },
  // Luxembourg twins of weak@, mfa@, forced@ and the fuzzion pair (decision 0060), so that the
  // end-to-end specs needing such accounts run in both editions. English (en_LU) like their twins.
  {
    edition: 'lu',
    email: 'weak@demo.lu',
    firstname: 'Luc',
    lastname: 'Muller',
    language: 'en_LU',
    user_id: 'MM-LU-1004',
    password_status: 1,
    note: 'weak password (password_status 1), Luxembourg edition',
  },
  {
    edition: 'lu',
    email: 'mfa@demo.lu',
    phone: '+352621000005',
    firstname: 'Marie',
    lastname: 'Wagner',
    language: 'en_LU',
    user_id: 'MM-LU-1005',
    mfa: ['sms', 'email', 'totp'],
    company: 'Acme Luxembourg',
    note: 'MFA in the Luxembourg edition: SMS +352 621 000 005 (primary), e-mail and authenticator (same secret and recovery keys as mfa@demo.test)',
  },
  {
    edition: 'lu',
    email: 'forced@demo.lu',
    phone: '+352621000006',
    firstname: 'Paul',
    lastname: 'Becker',
    language: 'en_LU',
    user_id: 'MM-LU-1006',
    mfa_forced: true,
    note: 'mfa_forced in the Luxembourg edition: must set up SMS (+352 621 000 006) and e-mail MFA after login',
  },
  {
    edition: 'lu',
    email: 'fuzzion@demo.lu',
    phone: '+352621000030',
    firstname: 'Jean',
    lastname: 'Kieffer',
    language: 'en_LU',
    user_id: 'MM-LU-1030',
    note: 'merge specs (Luxembourg): adds fuzzion-old@demo.lu as its e-mail and merges that account (phone +352 621 000 030)',
  },
  {
    edition: 'lu',
    email: 'fuzzion-old@demo.lu',
    phone: '+352621000031',
    firstname: 'Jean',
    lastname: 'Kieffer',
    language: 'en_LU',
    customer_user_id: 'CA-LU-1031',
    mfa: ['sms', 'email'],
    note: 'the older account merged into fuzzion@demo.lu: client area, MFA by SMS (+352 621 000 031) and e-mail',
  },
  // Account merge: two pairs of duplicates, one merged and one kept apart by the e2e specs.
  {
    edition: 'general',
    email: 'fuzzion@demo.test',
    phone: '+32470000030',
    firstname: 'Frank',
    lastname: 'Claes',
    language: 'en',
    user_id: 'MM-1030',
    note: 'merge specs: adds fuzzion-old@demo.test as its e-mail and merges that account (phone +32 470 00 00 30)',
  },
  {
    edition: 'general',
    email: 'fuzzion-old@demo.test',
    phone: '+32470000031',
    firstname: 'Frank',
    lastname: 'Claes',
    language: 'en',
    customer_user_id: 'CA-1031',
    mfa: ['sms', 'email'],
    note: 'the older account merged into fuzzion@demo.test: client area, MFA by SMS (+32 470 00 00 31) and e-mail',
  },
  {
    edition: 'general',
    email: 'separate@demo.test',
    phone: '+32470000032',
    firstname: 'Sara',
    lastname: 'Wouters',
    language: 'en',
    user_id: 'MM-1032',
    note: 'refuse specs: adds the phone of separate-old@demo.test and keeps the accounts apart (phone +32 470 00 00 32)',
  },
  {
    edition: 'general',
    email: 'separate-old@demo.test',
    phone: '+32470000033',
    firstname: 'Sarah',
    lastname: 'Wouters',
    language: 'en',
    user_id: 'MM-1033',
    mfa: ['email', 'sms'],
    note: 'the other account of the refuse specs: loses its phone +32 470 00 00 33, keeps its e-mail',
  },
  // Merge offered during onboarding: a sign-up proves the e-mail of an existing account.
  {
    edition: 'lu',
    email: 'merge-lu@demo.lu',
    phone: '+352621000040',
    firstname: 'Léa',
    lastname: 'Hoffmann',
    language: 'fr_LU',
    user_id: 'MM-LU-1040',
    mfa: ['sms', 'email'],
    note: 'onboarding merge spec (Luxembourg): a new sign-up with this e-mail merges this account (SMS +352 621 000 040)',
  },
  {
    edition: 'general',
    email: 'merge-errors@demo.test',
    phone: '+32470000041',
    firstname: 'Marc',
    lastname: 'Peeters',
    language: 'en',
    user_id: 'MM-1041',
    mfa: ['sms', 'email'],
    note: 'merge error specs: a sign-up with this e-mail is offered the merge, fails the proofs, then ignores it (unchanged)',
  },
  {
    edition: 'general',
    email: 'passkey@demo.test',
    phone: '+32470000050',
    firstname: 'Pieter',
    lastname: 'Goossens',
    language: 'en',
    user_id: 'MM-1050',
    mfa: ['email'],
    note: 'passkey specs: registers a passkey (after a step-up code to its e-mail), signs in with it, removes it',
  },
  {
    edition: 'lu',
    email: 'passkey@demo.lu',
    phone: '+352621000050',
    firstname: 'Claire',
    lastname: 'Weber',
    language: 'fr_LU',
    user_id: 'MM-LU-1050',
    note: 'passkey specs in the Luxembourg edition: no MFA, steps up with a code to its e-mail',
  },
  // Closed, kept, closed again and erased by the closure end-to-end spec (decision 0079): an account
  // of its own per edition, so no other spec loses its account.
  {
    edition: 'general',
    email: 'closure@demo.test',
    phone: '+32470000062',
    firstname: 'Cléo',
    lastname: 'Vandamme',
    language: 'en',
    user_id: 'MM-1062',
    card: '5065000000000605',
    note: 'closure spec: closes the account (step-up code to its e-mail), keeps it, closes it again; erased at the end',
  },
  {
    edition: 'lu',
    email: 'closure@demo.lu',
    phone: '+352621000062',
    firstname: 'Léonie',
    lastname: 'Wagener',
    language: 'fr_LU',
    user_id: 'MM-LU-1062',
    card: '5065000000000613',
    note: 'closure spec in the Luxembourg edition: no MFA, steps up with a code to its e-mail; erased at the end',
  },
  // The administration (decision 0076): one staff account per role, each signing in with the
  // authenticator of DEMO_TOTP_SECRET; Luxembourg twins of support and security for the specs of
  // that edition. And two card holders who lost their phone, whose MFA the specs reset.
  {
    edition: 'general',
    email: 'desk-support@demo.test',
    firstname: 'Sofie',
    lastname: 'Jacobs',
    language: 'en',
    mfa: ['totp'],
    staff: [{ role: 'support', edition: 'general' }],
    note: 'staff: support, general edition (authenticator: the demo TOTP secret)',
  },
  {
    edition: 'general',
    email: 'desk-security@demo.test',
    firstname: 'Bram',
    lastname: 'De Smet',
    language: 'en',
    mfa: ['totp'],
    staff: [{ role: 'security', edition: null }],
    note: 'staff: security, both editions (authenticator: the demo TOTP secret)',
  },
  {
    edition: 'general',
    email: 'desk-operator@demo.test',
    firstname: 'Olivia',
    lastname: 'Martens',
    language: 'en',
    mfa: ['totp'],
    staff: [{ role: 'operator', edition: null }],
    note: 'staff: operator, both editions (authenticator: the demo TOTP secret)',
  },
  {
    edition: 'general',
    email: 'desk-company@demo.test',
    firstname: 'Hanne',
    lastname: 'Vermeulen',
    language: 'fr',
    mfa: ['totp'],
    staff: [{ role: 'company-admin', edition: 'general', company: 'Acme Belgium' }],
    note: 'staff: company admin of Acme Belgium (authenticator: the demo TOTP secret)',
  },
  {
    edition: 'lu',
    email: 'desk-support@demo.lu',
    firstname: 'Tom',
    lastname: 'Reuter',
    language: 'en_LU',
    mfa: ['totp'],
    staff: [{ role: 'support', edition: 'lu' }],
    note: 'staff: support, Luxembourg edition only (authenticator: the demo TOTP secret)',
  },
  {
    edition: 'lu',
    email: 'desk-security@demo.lu',
    firstname: 'Anne',
    lastname: 'Thill',
    language: 'en_LU',
    mfa: ['totp'],
    staff: [{ role: 'security', edition: 'lu' }],
    note: 'staff: security, Luxembourg edition only (authenticator: the demo TOTP secret)',
  },
  {
    edition: 'lu',
    email: 'desk-company@demo.lu',
    firstname: 'Luc',
    lastname: 'Schmit',
    language: 'de_LU',
    mfa: ['totp'],
    staff: [{ role: 'company-admin', edition: 'lu', company: 'Acme Luxembourg' }],
    note: 'staff: company admin of Acme Luxembourg (authenticator: the demo TOTP secret)',
  },
  {
    edition: 'lu',
    email: 'desk-operator@demo.lu',
    firstname: 'Mia',
    lastname: 'Kremer',
    language: 'fr_LU',
    mfa: ['totp'],
    staff: [{ role: 'operator', edition: 'lu' }],
    note: 'staff: operator, Luxembourg edition only (authenticator: the demo TOTP secret)',
  },
  {
    edition: 'general',
    email: 'desk-reset@demo.test',
    phone: '+32470000061',
    firstname: 'Rita',
    lastname: 'Desmet',
    language: 'en',
    user_id: 'MM-1061',
    note: 'forgot her password and called the desk: support sends her a reset code by e-mail (the spec changes her password)',
  },
  {
    edition: 'general',
    email: 'lost-phone@demo.test',
    phone: '+32470000060',
    firstname: 'Élodie',
    lastname: 'Dupont',
    language: 'en',
    user_id: 'MM-1060',
    card: '5065000000000068',
    birthdate: '1990-04-12',
    mfa: ['sms', 'totp'],
    note: 'lost her phone: support finds her by card 5065 0000 0000 0068 (born 1990-04-12) and asks for an MFA reset',
  },
  {
    edition: 'lu',
    email: 'lost-phone@demo.lu',
    phone: '+352621000060',
    firstname: 'Gilles',
    lastname: 'Müller',
    language: 'en_LU',
    user_id: 'MM-LU-1060',
    card: '5065000000000076',
    birthdate: '1988-09-03',
    mfa: ['sms', 'email'],
    note: 'lost his phone (Luxembourg): card 5065 0000 0000 0076, born 1988-09-03; the specs reset his MFA',
  },
];

/** Arbitrary constant naming the seeding lock. */
const SEED_LOCK_ID = 7_423_002;

/** Seeds the demo accounts when the database has no user; answers whether it did. */
export async function seedDemoData(db: Db, secrets: SecretBox): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const seeded = await db.transaction().execute(async (trx) => {
    // Instances starting together on one PostgreSQL: one seeds, the others find it done.
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`.execute(trx);
    if (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) return false;
    for (const account of DEMO_ACCOUNTS) {
      const user = await trx
        .insertInto('users')
        .values({
          edition: account.edition,
          firstname: account.firstname,
          lastname: account.lastname,
          language: account.language,
          password_hash: passwordHash,
          password_status: account.password_status ?? 0,
          last_password_change: new Date(),
          mfa_customer: account.mfa_customer ?? false,
          mfa_forced: account.mfa_forced ?? false,
          user_id: account.user_id ?? null,
          customer_user_id: account.customer_user_id ?? null,
          fridom_user_id: account.fridom_user_id ?? null,
          gender: null,
          birthdate: account.birthdate ?? null,
          iban: null,
          country: account.edition === 'lu' ? 'LU' : 'BE',
          ...sealedUserNrn(secrets, account.national_register_number ?? null),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('user_emails')
        .values({
          user_id: user.id,
          edition: account.edition,
          address: account.email,
          is_default: true,
          verified_at: new Date(),
        })
        .execute();
      if (account.phone) {
        await trx
          .insertInto('user_phones')
          .values({
            user_id: user.id,
            edition: account.edition,
            number: account.phone,
            is_default: true,
            verified_at: new Date(),
          })
          .execute();
      }
      for (const extra of account.extraEmails ?? []) {
        await trx
          .insertInto('user_emails')
          .values({
            user_id: user.id,
            edition: account.edition,
            address: extra.address,
            is_default: false,
            verified_at: extra.verified ? new Date() : null,
          })
          .execute();
      }
      for (const extra of account.extraPhones ?? []) {
        await trx
          .insertInto('user_phones')
          .values({
            user_id: user.id,
            edition: account.edition,
            number: extra.number,
            is_default: false,
            verified_at: extra.verified ? new Date() : null,
          })
          .execute();
        if (extra.mfa)
          await trx
            .insertInto('mfa_methods')
            .values({
              user_id: user.id,
              method: 'sms',
              target: extra.number,
              secret_enc: null,
              last_totp_step: null,
            })
            .execute();
      }
      if (account.card) {
        await trx
          .insertInto('cards')
          .values({
            edition: account.edition,
            ...sealedCardNumber(secrets, account.card),
            user_id: user.id,
            ...sealedHolderNrn(secrets, account.national_register_number ?? null),
            status: 'active',
          })
          .execute();
      }
      for (const [index, method] of (account.mfa ?? []).entries()) {
        const row = await trx
          .insertInto('mfa_methods')
          .values({
            user_id: user.id,
            method,
            target: method === 'sms' ? (account.phone ?? null) : method === 'email' ? account.email : null,
            secret_enc: method === 'totp' ? secrets.encrypt(DEMO_TOTP_SECRET) : null,
            last_totp_step: null,
            is_primary: index === 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (method === 'totp') await storeRecoveryKeys(trx, secrets, user.id, row.id, DEMO_RECOVERY_KEYS);
      }
      if (account.company)
        await joinCompany(trx, user.id, await companyId(trx, account.edition, account.company));
      for (const grant of account.staff ?? []) {
        const company = grant.company ? await companyId(trx, account.edition, grant.company) : null;
        await grantStaffRole(trx, {
          userId: user.id,
          role: grant.role,
          edition: grant.edition,
          companyId: company,
          grantedBy: 'seed',
        });
      }
    }
    return true;
  });
  if (!seeded) return false;
  await seedOAuthDemo(db);
  await seedOnboardingDemo(db, secrets);
  return true;
}
