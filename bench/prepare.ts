// Prepares a bench database before the server starts: migrations, demo accounts, and one demo
// account with 10,000 live sessions (and their sign-in audit rows) for the sessions page figure.
// Run by bench/run.mjs through tsx: `node --import tsx bench/prepare.ts` with DATABASE_URL (and
// BENCH_SCHEMA) or BENCH_PGLITE_DIR; prints one JSON line.
import { sql } from 'kysely';
import { openDatabase } from '../packages/api/src/db/database';
import { migrate } from '../packages/api/src/db/migrate';
import { createSecretBox } from '../packages/api/src/security/secret-box';
import { seedDemoData } from '../packages/api/src/seed';
import { USER_AGENTS as AGENTS } from './user-agents.mjs';

const SESSIONS_USER = 'fridom@demo.test';
const SESSIONS = 10_000;
const DEVICES = 250;

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
