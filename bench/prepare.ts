// Prepares a bench database before the server starts: migrations, demo accounts, and one demo
// account with 10,000 live sessions (and their sign-in audit rows) for the sessions page figure.
// Run by bench/run.mjs through tsx: `node --import tsx bench/prepare.ts` with DATABASE_URL (and
// BENCH_SCHEMA) or BENCH_PGLITE_DIR; prints one JSON line.
import { sql } from 'kysely';
import { openDatabase } from '../packages/api/src/db/database';
import { migrate } from '../packages/api/src/db/migrate';
import { createSecretBox } from '../packages/api/src/security/secret-box';
import { seedDemoData } from '../packages/api/src/seed';

const SESSIONS_USER = 'fridom@demo.test';
const SESSIONS = 10_000;
const DEVICES = 250;
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
];

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.BENCH_PGLITE_DIR,
  schema: process.env.BENCH_SCHEMA,
});
const { db } = handle;
await migrate(db);
await seedDemoData(db, createSecretBox(Buffer.from(process.env.ENCRYPTION_KEY ?? '', 'base64')));

const owner = await db
  .selectFrom('user_emails')
  .select('user_id')
  .where('address', '=', SESSIONS_USER)
  .executeTakeFirstOrThrow();
// Spread over the last 30 days, on 250 devices with five browsers, each with its sign-in row.
await sql`
  INSERT INTO sessions (user_id, token_hash, device_id, user_agent, ip, created_at, last_seen_at, expires_at)
  SELECT ${owner.user_id}, md5('bench-' || n), d.device_id, (${sql.val(AGENTS)}::text[])[1 + n % 5],
         '10.0.' || (n % 250) || '.' || (n % 200), now() - n * interval '4 minutes',
         now() - n * interval '3 minutes', now() + interval '1 day'
  FROM generate_series(1, ${SESSIONS}) AS n,
       LATERAL (SELECT md5('device-' || (n % ${DEVICES}))::uuid AS device_id) AS d`.execute(db);
await sql`
  INSERT INTO audit_events (user_id, edition, kind, ip, device_id, created_at)
  SELECT ${owner.user_id}, 'general', 'login.succeeded', '10.0.0.1', md5('device-' || (n % ${DEVICES}))::uuid::text,
         now() - n * interval '4 minutes'
  FROM generate_series(1, ${SESSIONS}) AS n`.execute(db);
// The bench's scripted client accepts ES256 ID tokens (docs/decisions/0042); the demo partner app
// of the e2e suite keeps RS256, the default.
await db
  .updateTable('oauth_clients')
  .set({ id_token_signed_response_alg: 'ES256' })
  .where('client_id', '=', 'demo-partner')
  .execute();
await sql`ANALYZE`.execute(db);
await handle.close();
console.log(JSON.stringify({ sessionsUser: SESSIONS_USER, sessions: SESSIONS, devices: DEVICES }));
