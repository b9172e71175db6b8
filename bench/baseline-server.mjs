// The baseline of the GET /api/user figure: a bare Fastify route doing the single indexed query
// that authenticates a bearer token (sessions by token_hash, joined to its user) on the same
// database, and answering the user as JSON. No hooks, no validation, no rate limiting, no logs.
// `node bench/baseline-server.mjs` with PORT and DATABASE_URL or BENCH_PGLITE_DIR; prints "ready".
import { createHash } from 'node:crypto';
import Fastify from 'fastify';

const QUERY = `SELECT u.id, u.firstname, u.lastname, u.language, u.edition
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.expires_at > now() AND u.locked_at IS NULL`;

async function openQuery() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return { query: async (token) => (await pool.query(QUERY, [token])).rows[0], close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: process.env.BENCH_PGLITE_DIR });
  return { query: async (token) => (await db.query(QUERY, [token])).rows[0], close: () => db.close() };
}

const database = await openQuery();
const app = Fastify({ logger: false });
app.get('/api/user', async (request, reply) => {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const user = token ? await database.query(createHash('sha256').update(token).digest('hex')) : undefined;
  if (!user) return reply.code(401).send({ code: 'unauthorized' });
  return { data: user };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
