import { hashPassword } from '../security/password';
import type { Db } from './database';

export const DEMO_PASSWORD = 'Demo-password-2026';

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
  note: string;
}

/** Demo accounts of the README (issue 2). Phones are E.164. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    edition: 'general',
    email: 'employee@demo.test',
    phone: '+32470000001',
    firstname: 'Emma',
    lastname: 'Peeters',
    language: 'en',
    user_id: 'MM-1001',
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
    edition: 'lu',
    email: 'employee@demo.lu',
    phone: '+352621000001',
    firstname: 'Léa',
    lastname: 'Schmit',
    language: 'fr_LU',
    user_id: 'MM-LU-1001',
    note: 'Luxembourg edition, on lu.localhost (phone +352 621 000 001)',
  },
];

/** Seeds the demo accounts when the database has no user; answers whether it did. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
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
          user_id: account.user_id ?? null,
          customer_user_id: account.customer_user_id ?? null,
          fridom_user_id: account.fridom_user_id ?? null,
          gender: null,
          birthdate: null,
          iban: null,
          country: account.edition === 'lu' ? 'LU' : 'BE',
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
    }
  });
  return true;
}
