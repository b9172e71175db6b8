import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { outboxWorkerOf } from '../delivery/register';
import { ApiError } from '../http/api-error';
import { VERSION } from '../version';
import { healthOf } from './health';
import { metrics, registry, routeLabel } from './metrics';

/** /readyz and the scrape's database gauges answer within this, even from a stalled database. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/** The work's answer, or a rejection once `ms` have passed without one. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The outbox worker as /readyz reports it: paused while it cannot reach the database. */
function workerStatus(worker: { running: boolean; paused: boolean } | undefined) {
  if (!worker?.running) return 'stopped';
  return worker.paused ? 'paused' : 'running';
}

type Check = { status: 'up' | 'down' | 'migrating' } | { status: 'down'; fallback: 'database' };

/** Outbox depth and the age of its oldest pending message; kept as they were while unreadable. */
async function refreshOutboxGauges(app: FastifyInstance): Promise<void> {
  try {
    const { rows } = await within(
      sql<{ depth: number; oldest: number | null }>`
        SELECT count(*)::integer AS depth,
               EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS oldest
        FROM outbox WHERE status = 'pending'`.execute(app.ctx.db),
      DATABASE_CHECK_TIMEOUT_MS,
    );
    metrics.outboxDepth.set(rows[0]?.depth ?? 0);
    metrics.outboxOldestAge.set(rows[0]?.oldest ?? 0);
  } catch (error) {
    // The process metrics are still worth a scrape while the database is out of reach.
    app.log.warn({ reason: (error as Error).message }, 'metrics: the outbox gauges could not be read');
  }
}

/** Outbox depth, age of its oldest pending message and pool connections, read at scrape time. */
async function refreshScrapeGauges(app: FastifyInstance): Promise<void> {
  await refreshOutboxGauges(app);
  const pool = healthOf(app).poolStats?.();
  if (pool) for (const [state, value] of Object.entries(pool)) metrics.databasePool.set({ state }, value);
  const redisUp = healthOf(app).redisUp;
  if (redisUp) metrics.redisUp.set(redisUp() ? 1 : 0);
}

/** The scrape text of this process's registry. */
export async function renderMetrics(app: FastifyInstance): Promise<{ contentType: string; text: string }> {
  await refreshScrapeGauges(app);
  return { contentType: registry.contentType, text: await registry.metrics() };
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Probes and metrics for operators (DESIGN §8, docs/operations.md): /livez and /healthz (the
 * process answers), /readyz (database reachable and migrated, not draining; Redis and the outbox
 * worker reported), /metrics (Prometheus text; in production only with METRICS_TOKEN, else only
 * on METRICS_PORT, see metrics-server.ts).
 */
export function registerOperations(app: FastifyInstance, migrationsExpected: () => Promise<boolean>) {
  app.addHook('onResponse', async (request, reply) => {
    const { url, config } = request.routeOptions;
    const route = routeLabel(url, reply.statusCode, config?.builtFiles);
    metrics.requestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/livez', async () => ({ status: 'ok' }));
  app.get('/healthz', async () => ({ status: 'ok', version: VERSION }));

  app.get('/readyz', async (_request, reply) => {
    const health = healthOf(app);
    let database: Check;
    try {
      const migrated = within(
        sql`SELECT 1`.execute(app.ctx.db).then(migrationsExpected),
        DATABASE_CHECK_TIMEOUT_MS,
      );
      database = { status: (await migrated) ? 'up' : 'migrating' };
    } catch {
      database = { status: 'down' };
    }
    const checks: Record<string, Check | { status: 'running' | 'paused' | 'stopped' }> = { database };
    // Redis down is reported but does not make the instance unready: the database limiter holds.
    if (health.redisUp)
      checks.redis = health.redisUp() ? { status: 'up' } : { status: 'down', fallback: 'database' };
    checks.outboxWorker = { status: workerStatus(outboxWorkerOf(app)) };
    const status = health.draining ? 'draining' : database.status === 'up' ? 'ready' : 'not_ready';
    return reply.code(status === 'ready' ? 200 : 503).send({ status, checks });
  });

  const { production, metricsToken } = app.ctx.config;
  // In production /metrics on the public port needs the token; without one it is not there at all
  // (an explicit 404, so the SPA fallback never answers for it either).
  const open = !production || Boolean(metricsToken);
  app.get('/metrics', async (request, reply) => {
    if (!open) throw new ApiError('not_found');
    if (metricsToken && !bearerMatches(request, metricsToken)) {
      throw new ApiError('unauthorized', { headers: { 'www-authenticate': 'Bearer' } });
    }
    const { contentType, text } = await renderMetrics(app);
    return reply.type(contentType).send(text);
  });
}
