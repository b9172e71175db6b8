// Prepares the database of a crash run before the server first starts (which seals the card numbers
// written here in clear, as it does for a database from before sealing): migrations, then the
// accounts the crash driver works with, written directly (one password hash for all). Run by
// robustness/crash.mjs: `node --import tsx robustness/prepare.ts <accounts.json>` with
// DATABASE_URL or CRASH_PGLITE_DIR, and CRASH_SIZES ({"groups":…,"contested":…,"churn":…,"logins":…}).
// Writes the accounts (ids, addresses, method ids, card numbers) to <accounts.json>.
import { writeFileSync } from 'node:fs';
import { luhnCheckDigit } from '@vestibule/contract/card-number';
import { openDatabase } from '../packages/api/src/db/database';
import { migrate } from '../packages/api/src/db/migrate';
import { hashPassword } from '../packages/api/src/security/password';
import { CRASH_OTHER_PASSWORD, CRASH_PASSWORD, type CrashAccount, type CrashAccounts } from './accounts';

const output = process.argv[2];
if (!output) throw new Error('usage: prepare.ts <accounts.json>');
const sizes = JSON.parse(process.env.CRASH_SIZES ?? '{}') as Partial<Record<string, number>>;
const groupCount = sizes.groups ?? 400;
const contestedCount = sizes.contested ?? 40;
const churnCount = sizes.churn ?? 80;
const loginCount = sizes.logins ?? 60;

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.CRASH_PGLITE_DIR,
});
const { db } = handle;
await migrate(db);
const passwordHash = await hashPassword(CRASH_PASSWORD);
const otherPasswordHash = await hashPassword(CRASH_OTHER_PASSWORD);

let phoneCounter = 0;
let cardCounter = 0;

/** A Belgian mobile number of the run (+32 475 …), unique in the database. */
function nextPhone(): string {
  phoneCounter += 1;
  return `+32475${String(phoneCounter).padStart(6, '0')}`;
}

function nextCard(): string {
  cardCounter += 1;
  const payload = `5065${String(900_000_000 + cardCounter).padStart(11, '0')}`;
  return `${payload}${luhnCheckDigit(payload)}`;
}

async function account(
  role: string,
  index: number,
  options: { mfa: boolean; card?: boolean; customer?: boolean },
): Promise<CrashAccount> {
  const email = `crash-${role}-${index}@crash.test`;
  const phone = nextPhone();
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        edition: 'general',
        firstname: `${role} ${index}`,
        lastname: 'Crash',
        language: 'en',
        password_hash: role === 'other' ? otherPasswordHash : passwordHash,
        gender: null,
        birthdate: null,
        user_id: `U-${role}-${index}`,
        customer_user_id: options.customer ? `C-${role}-${index}` : null,
        fridom_user_id: null,
        iban: null,
        country: null,
        locked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_emails')
      .values({
        user_id: user.id,
        edition: 'general',
        address: email,
        is_default: true,
        verified_at: new Date(),
      })
      .execute();
    await trx
      .insertInto('user_phones')
      .values({
        user_id: user.id,
        edition: 'general',
        number: phone,
        is_default: true,
        verified_at: new Date(),
      })
      .execute();
    const methods: CrashAccount['methods'] = {};
    if (options.mfa) {
      for (const [kind, target, primary] of [
        ['sms', phone, true],
        ['email', email, false],
      ] as const) {
        const row = await trx
          .insertInto('mfa_methods')
          .values({
            user_id: user.id,
            method: kind,
            target,
            secret_enc: null,
            last_totp_step: null,
            is_primary: primary,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        methods[kind] = row.id;
      }
    }
    let card: string | undefined;
    if (options.card) {
      card = nextCard();
      await trx
        .insertInto('cards')
        .values({
          edition: 'general',
          number: card,
          user_id: user.id,
          holder_national_register_number: null,
          status: 'active',
        })
        .execute();
    }
    return { id: user.id, email, phone, methods, ...(card ? { card } : {}) };
  });
}

const accounts: CrashAccounts = {
  password: CRASH_PASSWORD,
  otherPassword: CRASH_OTHER_PASSWORD,
  groups: [],
  churn: [],
  logins: [],
};
// A merge group: the duplicate ("other": MFA by SMS and e-mail, a card, a client-area id) and the
// account(s) that will try to absorb it; the first `contested` groups have two rival survivors.
for (let i = 0; i < groupCount; i++) {
  const other = await account('other', i, { mfa: true, card: true, customer: true });
  const survivors = [await account('survivor', i, { mfa: false })];
  if (i < contestedCount) survivors.push(await account('rival', i, { mfa: false }));
  accounts.groups.push({ other, survivors });
}
for (let i = 0; i < churnCount; i++) accounts.churn.push(await account('churn', i, { mfa: false }));
for (let i = 0; i < loginCount; i++) accounts.logins.push(await account('login', i, { mfa: true }));

await handle.close();
writeFileSync(output, `${JSON.stringify(accounts, null, 2)}\n`);
console.log(
  JSON.stringify({ groups: groupCount, contested: contestedCount, churn: churnCount, logins: loginCount }),
);
