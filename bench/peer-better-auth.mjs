// The peer of the bench table: better-auth, the most used TypeScript auth framework, with
// email-and-password and the bearer plugin, on the same PostgreSQL, with the same argon2id
// parameters as Vestibule (through its password hooks) and its rate limits off. A bench-only dev
// dependency: nothing of the product imports it.
// `node bench/peer-better-auth.mjs` with PORT, DATABASE_URL and BENCH_SCHEMA (created by the
// caller); migrates its tables, signs up the bench users, prints "ready".
import { createServer } from 'node:http';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import { bearer } from 'better-auth/plugins';
import pg from 'pg';

/** packages/api/src/security/password.ts: argon2id m=19 MiB, t=2, p=1. */
const PARAMETERS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const origin = `http://127.0.0.1:${process.env.PORT}`;
const pool = new pg.Pool({
  connectionString: `${process.env.DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${process.env.BENCH_SCHEMA}`)}`,
  max: 10,
});

const auth = betterAuth({
  database: pool,
  baseURL: origin,
  secret: 'bench-only-secret-of-the-peer-server-0123456789',
  emailAndPassword: {
    enabled: true,
    password: {
      hash: (password) => hash(password, PARAMETERS),
      verify: ({ hash: stored, password }) => verify(stored, password),
    },
  },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  plugins: [bearer()],
});

const { runMigrations } = await getMigrations(auth.options);
await runMigrations();
const password = process.env.PEER_PASSWORD ?? '';
for (const email of JSON.parse(process.env.PEER_USERS ?? '[]'))
  await auth.api.signUpEmail({ body: { email, password, name: 'Bench user' } });

const handler = toNodeHandler(auth);
const server = createServer((request, response) => handler(request, response));
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => {
  server.close();
  pool.end().finally(() => process.exit(0));
});
