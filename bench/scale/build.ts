// Builds the scale bench's database: migrations, the demo data, then a generated set of
// card holders across both editions written with COPY, reproducibly from a seed. A database
// already built from the same seed, size and version is reused; `--refill` puts back what the
// harness's purge removed (the expired sessions and the audit rows past retention).
//   node --import tsx bench/scale/build.ts --database vestibule_scale --accounts 1000000 [--audit N]
// Prints one JSON line: what was built and how long each table took.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase } from '../../packages/api/src/db/database';
import { migrate } from '../../packages/api/src/db/migrate';
import { hashPassword } from '../../packages/api/src/security/password';
import {
  sealedCardNumber,
  sealedHolderNrn,
  sealedUserNrn,
} from '../../packages/api/src/security/sealed-identifiers';
import { createSecretBox } from '../../packages/api/src/security/secret-box';
import { hashToken } from '../../packages/api/src/security/tokens';
import { seedDemoData } from '../../packages/api/src/seed';
import { USER_AGENTS as AGENTS } from '../user-agents.mjs';
import {
  AUDIT_DAYS,
  AUDIT_RETENTION_DAYS,
  cardNumberOf,
  copyLine,
  DATASET_VERSION,
  EXPIRED_SESSION_SHARE,
  editionOf,
  emailOf,
  nationalNumberOf,
  PASSWORDS,
  phoneOf,
  random,
  SESSIONS_USER_SESSIONS,
  sizeFor,
  traitsOf,
} from './dataset';

const { values: options } = parseArgs({
  options: {
    database: { type: 'string', default: 'vestibule_scale' },
    accounts: { type: 'string', default: '1000000' },
    audit: { type: 'string' },
    seed: { type: 'string', default: '39' },
    refill: { type: 'boolean', default: false },
    rebuild: { type: 'boolean', default: false },
  },
});

const SERVER_URL = process.env.SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const databaseUrl = `${SERVER_URL}/${options.database}`;
const seed = Number(options.seed);
const size = sizeFor(Number(options.accounts), options.audit ? Number(options.audit) : undefined);
const ENCRYPTION_KEY = process.env.ENCRYPTION_KEY ?? Buffer.alloc(32, 7).toString('base64');
const secrets = createSecretBox(Buffer.from(ENCRYPTION_KEY, 'base64'));
const buildKey = JSON.stringify({ version: DATASET_VERSION, seed, size, key: secrets.hash('bench', 'key') });

const DAY_MS = 86_400_000;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const AUDIT_KINDS = [
  'login.succeeded',
  'login.succeeded',
  'login.succeeded',
  'login.failed',
  'logout',
  'session.revoked',
  'password.changed',
  'mfa.added',
  'sudo.granted',
  'oauth.consent_granted',
  'trusted_device.added',
];

const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
await admin.connect();
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]))
  .rowCount;
let reuse = false;
if (exists && !options.rebuild) {
  const probe = new pg.Client({ connectionString: databaseUrl });
  await probe.connect();
  const { rows } = await probe.query(`SELECT to_regclass('bench_scale_build') IS NOT NULL AS built`);
  if (rows[0].built) {
    const meta = await probe.query('SELECT key, complete FROM bench_scale_build');
    reuse = meta.rows[0]?.key === buildKey && meta.rows[0]?.complete === true;
  }
  await probe.end();
}
if (exists && !reuse) await admin.query(`DROP DATABASE "${options.database}" WITH (FORCE)`);
if (!reuse) await admin.query(`CREATE DATABASE "${options.database}"`);
await admin.end();

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
// Rows are generated consistent: foreign keys need no per-row check during the load.
await client.query(`SET session_replication_role = replica; SET maintenance_work_mem = '512MB'`);

/** Streams generated lines into a table with COPY; answers the seconds it took. */
async function copyInto(table: string, columns: string[], rows: () => Generator<string>): Promise<number> {
  const started = performance.now();
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  // Lines grouped in chunks of ~1 MB: one write per chunk keeps the stream's overhead small.
  function* chunks() {
    let chunk = '';
    for (const line of rows()) {
      chunk += line;
      if (chunk.length > 1_000_000) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(chunks()), stream);
  return Math.round((performance.now() - started) / 100) / 10;
}

/** Secondary indexes of a table (not those behind a constraint): dropped for the load, made after. */
async function secondaryIndexes(table: string): Promise<{ name: string; definition: string }[]> {
  const { rows } = await client.query(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.tablename = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table],
  );
  return rows;
}

const timings: Record<string, number> = {};
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  timings[label] = Math.round((performance.now() - started) / 100) / 10;
  return result;
}

/** The generated rows of the big tables, each a function of the seed (the refill writes them again). */
function generators(base: number, grantClient: string) {
  const userId = (n: number) => base + n;
  const liveSessions = size.sessions - Math.round(size.sessions * EXPIRED_SESSION_SHARE);
  const expiredSessions = size.sessions - liveSessions;
  const oldAudit = Math.round(size.auditEvents * (1 - AUDIT_RETENTION_DAYS / AUDIT_DAYS));

  /** Sessions: the first account's 10,000, then the rest spread; the expired ones first (ids 1…). */
  function* sessions(expired: boolean) {
    const rand = random(seed * 7 + (expired ? 1 : 2));
    const from = expired ? 0 : expiredSessions;
    const to = expired ? expiredSessions : size.sessions;
    for (let s = from; s < to; s++) {
      const live = s >= expiredSessions;
      const owner =
        live && s < expiredSessions + SESSIONS_USER_SESSIONS ? 0 : Math.floor(rand() * size.accounts);
      const device = `${createHash('md5')
        .update(`device-${owner}-${s % 250}`)
        .digest('hex')}`;
      const created = now - Math.floor(rand() * 60 * DAY_MS);
      const lastSeen = Math.min(now, created + Math.floor(rand() * 5 * DAY_MS));
      const expires = live
        ? now + (1 + Math.floor(rand() * 29)) * DAY_MS
        : now - (2 + Math.floor(rand() * 30)) * DAY_MS;
      yield copyLine([
        s + 1,
        userId(owner),
        hashToken(`scale-${seed}-session-${s}`),
        `${device.slice(0, 8)}-${device.slice(8, 12)}-${device.slice(12, 16)}-${device.slice(16, 20)}-${device.slice(20, 32)}`,
        AGENTS[s % AGENTS.length],
        `10.${(s >> 16) & 255}.${(s >> 8) & 255}.${s & 255}`,
        iso(created),
        iso(lastSeen),
        iso(expires),
        iso(created),
      ]);
    }
  }

  /** Audit rows over AUDIT_DAYS, oldest first: those past the retention are the first oldAudit ids. */
  function* audit(old: boolean) {
    const rand = random(seed * 11 + (old ? 1 : 2));
    const from = old ? 0 : oldAudit;
    const to = old ? oldAudit : size.auditEvents;
    const span = AUDIT_DAYS * DAY_MS;
    for (let a = from; a < to; a++) {
      // Evenly spread in time by id, a little jitter: ids grow with time as the product writes them.
      const created = now - span + Math.floor(((a + rand()) / size.auditEvents) * span);
      const owner = a < SESSIONS_USER_SESSIONS ? 0 : Math.floor(rand() * size.accounts);
      const kind = AUDIT_KINDS[Math.floor(rand() * AUDIT_KINDS.length)] as string;
      yield copyLine([
        a + 1,
        userId(owner),
        editionOf(owner),
        kind,
        kind === 'login.succeeded' ? '{"method":"password"}' : '{}',
        `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`,
        null,
        iso(created),
      ]);
    }
  }
  return { sessions, audit, grantClient, userId };
}

const SESSION_COLUMNS = [
  'id',
  'user_id',
  'token_hash',
  'device_id',
  'user_agent',
  'ip',
  'created_at',
  'last_seen_at',
  'expires_at',
  'authenticated_at',
];
const AUDIT_COLUMNS = ['id', 'user_id', 'edition', 'kind', 'detail', 'ip', 'device_id', 'created_at'];

async function baseOf(): Promise<number> {
  const { rows } = await client.query(`SELECT (value->>'base')::int AS base FROM bench_scale_build_info`);
  return rows[0].base;
}

if (reuse && options.refill) {
  // Put back what the purge removed: same ids, same rows.
  const base = await baseOf();
  const g = generators(base, 'demo-partner');
  await client.query(`DELETE FROM sessions WHERE id <= $1 AND expires_at < now() - interval '1 day'`, [
    Math.round(size.sessions * EXPIRED_SESSION_SHARE),
  ]);
  const missingSessions = await client.query('SELECT count(*)::int AS n FROM sessions WHERE id <= $1', [
    Math.round(size.sessions * EXPIRED_SESSION_SHARE),
  ]);
  if (missingSessions.rows[0].n === 0)
    timings.sessions = await copyInto('sessions', SESSION_COLUMNS, () => g.sessions(true));
  const oldAudit = Math.round(size.auditEvents * (1 - AUDIT_RETENTION_DAYS / AUDIT_DAYS));
  const present = await client.query('SELECT count(*)::int AS n FROM audit_events WHERE id <= $1', [
    oldAudit,
  ]);
  if (present.rows[0].n === 0)
    timings.audit_events = await copyInto('audit_events', AUDIT_COLUMNS, () => g.audit(true));
  await client.query('ANALYZE sessions; ANALYZE audit_events');
  await client.end();
  console.log(JSON.stringify({ database: options.database, refilled: true, timings }));
  process.exit(0);
}
if (reuse) {
  await client.end();
  console.log(JSON.stringify({ database: options.database, reused: true, size }));
  process.exit(0);
}

const started = performance.now();
const handle = await openDatabase({ databaseUrl });
await migrate(handle.db);
await seedDemoData(handle.db, secrets);
// The bench's scripted client accepts ES256 ID tokens (docs/decisions/0042), as bench/prepare.ts.
await handle.db
  .updateTable('oauth_clients')
  .set({ id_token_signed_response_alg: 'ES256' })
  .where('client_id', '=', 'demo-partner')
  .execute();
await sql`CREATE TABLE bench_scale_build (key text NOT NULL, complete boolean NOT NULL DEFAULT false)`.execute(
  handle.db,
);
await sql`INSERT INTO bench_scale_build (key) VALUES (${buildKey})`.execute(handle.db);
const { rows: maxRows } = await sql<{ max: number }>`SELECT max(id) AS max FROM users`.execute(handle.db);
const base = Math.ceil(((maxRows[0]?.max ?? 0) + 1) / 1000) * 1000;
await sql`CREATE TABLE bench_scale_build_info (value jsonb NOT NULL)`.execute(handle.db);
await sql`INSERT INTO bench_scale_build_info VALUES (${JSON.stringify({ base, size, seed })})`.execute(
  handle.db,
);
// The generated sessions and audit rows take ids from 1 (the purge's slices are id ranges).
await sql`DELETE FROM sessions`.execute(handle.db);
await sql`DELETE FROM audit_events`.execute(handle.db);
await handle.close();

const hashes = await timed('argon2id', () => Promise.all(PASSWORDS.map((p) => hashPassword(p))));
const g = generators(base, 'demo-partner');
const userId = g.userId;
const dropped = new Map<string, { name: string; definition: string }[]>();
for (const table of [
  'users',
  'user_emails',
  'user_phones',
  'cards',
  'mfa_methods',
  'passkeys',
  'sessions',
  'audit_events',
  'oauth_payloads',
  'invitations',
  'fuzzion_flows',
]) {
  const indexes = await secondaryIndexes(table);
  dropped.set(table, indexes);
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
}

timings.users = await copyInto(
  'users',
  [
    'id',
    'edition',
    'firstname',
    'lastname',
    'gender',
    'birthdate',
    'language',
    'password_hash',
    'last_password_change',
    'iban',
    'country',
    'created_at',
    'national_register_number',
    'national_register_number_index',
    'search_name',
    'search_name_first',
  ],
  function* () {
    const rand = random(seed);
    for (let n = 0; n < size.accounts; n++) {
      const t = traitsOf(n);
      const edition = editionOf(n);
      const nrn = t.nationalNumber ? sealedUserNrn(secrets, nationalNumberOf(n)) : null;
      const created = now - Math.floor(rand() * 5 * 365 * DAY_MS);
      const firstname = `First${n % 5000}`;
      const lastname = `Holder${Math.floor(n / 7) % 20000}`;
      yield copyLine([
        userId(n),
        edition,
        firstname,
        lastname,
        ['female', 'male', 'other'][n % 3],
        `${1950 + (n % 55)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
        edition === 'lu' ? ['fr', 'de', 'en'][n % 3] : ['nl', 'fr', 'en'][n % 3],
        hashes[t.passwordIndex],
        iso(created),
        t.iban ? secrets.encrypt(`BE${String(10 + (n % 89))}${String(n).padStart(12, '0')}`) : null,
        edition === 'lu' ? 'LU' : 'BE',
        iso(created),
        nrn?.national_register_number ?? null,
        nrn?.national_register_number_index ?? null,
        // What the users_search_names trigger writes (fold_name of ASCII names is lower()): the
        // load runs with triggers off (session_replication_role = replica).
        `${lastname} ${firstname}`.toLowerCase(),
        `${firstname} ${lastname}`.toLowerCase(),
      ]);
    }
  },
);

timings.user_emails = await copyInto(
  'user_emails',
  ['user_id', 'edition', 'address', 'is_default', 'verified_at'],
  function* () {
    for (let n = 0; n < size.accounts; n++) {
      yield copyLine([userId(n), editionOf(n), emailOf(n), true, iso(now - DAY_MS)]);
      if (traitsOf(n).secondEmail)
        yield copyLine([userId(n), editionOf(n), `holder${n}.work@scale.test`, false, iso(now - DAY_MS)]);
    }
  },
);
timings.user_phones = await copyInto(
  'user_phones',
  ['user_id', 'edition', 'number', 'is_default', 'verified_at'],
  function* () {
    for (let n = 0; n < size.accounts; n++)
      if (traitsOf(n).phone) yield copyLine([userId(n), editionOf(n), phoneOf(n), true, iso(now - DAY_MS)]);
  },
);

await client.query(
  `INSERT INTO companies (edition, name) SELECT e, 'Employer ' || n FROM generate_series(1, 200) n, unnest(ARRAY['general', 'lu']) e`,
);
const { rows: companies } = await client.query('SELECT id, edition FROM companies ORDER BY id');
const companyOf = (edition: string, n: number) => {
  const own = companies.filter((c) => c.edition === edition);
  return own[n % own.length].id;
};

// Linked cards (one for 90 % of accounts), then cards ordered for people who have no account yet.
timings.cards = await copyInto(
  'cards',
  [
    'edition',
    'number',
    'number_index',
    'user_id',
    'holder_national_register_number',
    'holder_nrn_index',
    'status',
    'company_id',
    'holder_firstname',
    'holder_lastname',
    'activated_at',
  ],
  function* () {
    let c = 0;
    for (let n = 0; n < size.accounts; n++) {
      if (!traitsOf(n).card) continue;
      const edition = editionOf(n);
      const card = sealedCardNumber(secrets, cardNumberOf(c++));
      const holder = sealedHolderNrn(secrets, traitsOf(n).nationalNumber ? nationalNumberOf(n) : null);
      yield copyLine([
        edition,
        card.number,
        card.number_index,
        userId(n),
        holder.holder_national_register_number,
        holder.holder_nrn_index,
        'active',
        companyOf(edition, n),
        `First${n % 5000}`,
        `Holder${Math.floor(n / 7) % 20000}`,
        iso(now - 30 * DAY_MS),
      ]);
    }
    for (let u = 0; u < size.unlinkedCards; u++) {
      const n = size.accounts + u;
      const edition = 'general';
      const card = sealedCardNumber(secrets, cardNumberOf(c++));
      const holder = sealedHolderNrn(secrets, nationalNumberOf(n));
      yield copyLine([
        edition,
        card.number,
        card.number_index,
        null,
        holder.holder_national_register_number,
        holder.holder_nrn_index,
        'inactive',
        companyOf(edition, n),
        `First${n % 5000}`,
        `Holder${Math.floor(n / 7) % 20000}`,
        null,
      ]);
    }
  },
);

// One primary method per account that has MFA: sms, e-mail or an authenticator (secret sealed).
timings.mfa_methods = await copyInto(
  'mfa_methods',
  ['user_id', 'method', 'target', 'secret_enc', 'is_primary'],
  function* () {
    for (let n = 0; n < size.accounts; n++) {
      const t = traitsOf(n);
      let primary = true;
      if (t.smsMfa && t.phone) {
        yield copyLine([userId(n), 'sms', phoneOf(n), null, primary]);
        primary = false;
      }
      if (t.emailMfa) {
        yield copyLine([userId(n), 'email', emailOf(n), null, primary]);
        primary = false;
      }
      if (t.totp) {
        yield copyLine([userId(n), 'totp', null, secrets.encrypt(`JBSWY3DPEHPK3PXP${n}`), primary]);
        primary = false;
      }
    }
  },
);

timings.passkeys = await copyInto(
  'passkeys',
  [
    'user_id',
    'edition',
    'credential_id',
    'public_key',
    'user_handle',
    'transports',
    'device_type',
    'backed_up',
    'name',
  ],
  function* () {
    for (let n = 0; n < size.accounts; n++) {
      if (!traitsOf(n).passkey) continue;
      const digest = createHash('sha256').update(`${seed}-passkey-${n}`).digest();
      yield copyLine([
        userId(n),
        editionOf(n),
        digest.toString('base64url'),
        `pQECAyYgASFYI${digest.toString('base64url')}`,
        digest.subarray(0, 16).toString('base64url'),
        '["internal","hybrid"]',
        n % 2 ? 'multiDevice' : 'singleDevice',
        n % 2 === 1,
        n % 2 ? 'iCloud Keychain' : 'Windows Hello',
      ]);
    }
  },
);

timings.sessions = await copyInto('sessions', SESSION_COLUMNS, function* () {
  yield* g.sessions(true);
  yield* g.sessions(false);
});
timings.audit_events = await copyInto('audit_events', AUDIT_COLUMNS, function* () {
  yield* g.audit(true);
  yield* g.audit(false);
});

// Third-party grants (oidc-provider Grant payloads, as the adapter stores them).
timings.oauth_payloads = await copyInto(
  'oauth_payloads',
  ['model', 'id', 'payload', 'grant_id', 'account_id', 'client_id', 'expires_at', 'created_at'],
  function* () {
    let written = 0;
    for (let n = 0; n < size.accounts && written < size.grants; n++) {
      if (!traitsOf(n).grant) continue;
      const id = createHash('sha256').update(`${seed}-grant-${n}`).digest('base64url').slice(0, 43);
      const iat = Math.floor((now - 90 * DAY_MS) / 1000);
      const payload = JSON.stringify({
        iat,
        exp: iat + 365 * 86_400,
        accountId: String(userId(n)),
        clientId: g.grantClient,
        kind: 'Grant',
        jti: id,
        openid: { scope: 'openid profile' },
      });
      yield copyLine([
        'Grant',
        id,
        payload,
        id,
        String(userId(n)),
        g.grantClient,
        iso(now + 275 * DAY_MS),
        iso(now - 90 * DAY_MS),
      ]);
      written++;
    }
  },
);

timings.invitations = await copyInto(
  'invitations',
  [
    'edition',
    'code_hash',
    'email',
    'company_id',
    'firstname',
    'lastname',
    'language',
    'expires_at',
    'used_at',
    'user_id',
  ],
  function* () {
    for (let i = 0; i < size.invitations; i++) {
      const used = i % 2 === 0;
      const n = (i * 17) % size.accounts;
      const edition = used ? editionOf(n) : 'general';
      yield copyLine([
        edition,
        hashToken(`${seed}-invitation-${i}`),
        used ? emailOf(n) : `invitee${i}@scale.test`,
        companyOf(edition, i),
        `First${i % 5000}`,
        `Invitee${i % 20000}`,
        'en',
        iso(now + (used ? -10 : 10) * DAY_MS),
        used ? iso(now - 20 * DAY_MS) : null,
        used ? userId(n) : null,
      ]);
    }
  },
);

// Merges of duplicate accounts (the fuzzion flow's finished rows).
timings.fuzzion_flows = await copyInto(
  'fuzzion_flows',
  [
    'id',
    'edition',
    'user_id',
    'other_user_id',
    'session_id',
    'method',
    'target',
    'step',
    'other_fingerprint',
    'expires_at',
    'completed_at',
  ],
  function* () {
    for (let m = 0; m < size.merges; m++) {
      const n = 1 + ((m * 31) % (size.accounts - 2));
      const digest = createHash('md5').update(`${seed}-merge-${m}`).digest('hex');
      yield copyLine([
        `${digest.slice(0, 8)}-${digest.slice(8, 12)}-4${digest.slice(13, 16)}-8${digest.slice(17, 20)}-${digest.slice(20, 32)}`,
        editionOf(n),
        userId(n),
        userId(n + 1),
        1,
        'email',
        emailOf(n + 1),
        'merged',
        digest,
        iso(now + 30 * DAY_MS),
        iso(now - 40 * DAY_MS),
      ]);
    }
  },
);

// The indexes, built once over the loaded rows, then the sequences past the explicit ids.
await timed('indexes', async () => {
  for (const [, indexes] of dropped) for (const index of indexes) await client.query(index.definition);
});
await client.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))`);
await client.query(`SELECT setval(pg_get_serial_sequence('sessions', 'id'), (SELECT max(id) FROM sessions))`);
await client.query(
  `SELECT setval(pg_get_serial_sequence('audit_events', 'id'), (SELECT max(id) FROM audit_events))`,
);
await timed('vacuum_analyze', () => client.query('VACUUM ANALYZE'));
await client.query('UPDATE bench_scale_build SET complete = true');
await client.end();
console.log(
  JSON.stringify({
    database: options.database,
    built: true,
    size,
    base,
    seconds: Math.round((performance.now() - started) / 1000),
    timings,
  }),
);
