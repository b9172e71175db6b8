import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/database';
import { hashPassword } from '../../src/security/password';

let counter = 0;

export interface TestAccount {
  id: number;
  email: string;
  phone: string;
  password: string;
}

/** A fresh account with a unique verified e-mail and phone, so tests never share state. */
export async function createAccount(
  db: Db,
  options: { edition?: 'general' | 'lu'; password?: string; firstname?: string; locked?: boolean } = {},
): Promise<TestAccount> {
  counter += 1;
  const edition = options.edition ?? 'general';
  const password = options.password ?? `Pw-${randomUUID()}`;
  // Tests of one run share a process and a database: a counter keeps numbers apart, and the
  // 500000 offset keeps them away from the demo numbers (+32 470 00 00 xx).
  const unique = String(500_000 + counter).padStart(6, '0');
  const email = `user-${randomUUID().slice(0, 8)}@test.example`;
  const phone = edition === 'lu' ? `+352621${unique}` : `+32470${unique}`;
  const user = await db
    .insertInto('users')
    .values({
      edition,
      firstname: options.firstname ?? 'Test',
      lastname: 'User',
      language: 'en',
      password_hash: await hashPassword(password),
      gender: null,
      birthdate: null,
      user_id: null,
      customer_user_id: null,
      fridom_user_id: null,
      iban: null,
      country: null,
      locked_at: options.locked ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_emails')
    .values({ user_id: user.id, edition, address: email, is_default: true, verified_at: new Date() })
    .execute();
  await db
    .insertInto('user_phones')
    .values({ user_id: user.id, edition, number: phone, is_default: true, verified_at: new Date() })
    .execute();
  return { id: user.id, email, phone, password };
}

/** A further e-mail of an account (never its primary), verified or not; answers the row's id. */
export async function addEmailRow(
  db: Db,
  userId: number,
  address: string,
  verified: boolean,
): Promise<number> {
  const row = await db
    .insertInto('user_emails')
    .values({
      user_id: userId,
      edition: 'general',
      address,
      is_default: false,
      verified_at: verified ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
