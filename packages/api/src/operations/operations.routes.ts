import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { metrics, renderMetrics } from './metrics';

/** Outbox depth and the age of its oldest pending message, read at scrape time. */
async function outboxGauges(app: FastifyInstance): Promise<string[]> {
  const { rows } = await sql<{ depth: number; oldest: number | null }>`
    SELECT count(*)::integer AS depth,
           EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS oldest
    FROM outbox WHERE status = 'pending'`.execute(app.ctx.db);
  const row = rows[0] ?? { depth: 0, oldest: null };
  return [
    '# HELP vestibule_outbox_depth Pending messages in the outbox',
    '# TYPE vestibule_outbox_depth gauge',
    `vestibule_outbox_depth ${row.depth}`,
    '# HELP vestibule_outbox_oldest_age_seconds Age of the oldest pending message',
    '# TYPE vestibule_outbox_oldest_age_seconds gauge',
    `vestibule_outbox_oldest_age_seconds ${row.oldest ?? 0}`,
  ];
}

/**
 * Health and metrics for operators (DESIGN §8): /healthz (the process is alive), /readyz (the
 * database answers and every migration is applied), /metrics (Prometheus text format).
 */
export function registerOperations(app: FastifyInstance, migrationsExpected: () => Promise<boolean>) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    try {
      await sql`SELECT 1`.execute(app.ctx.db);
      if (!(await migrationsExpected())) return reply.code(503).send({ status: 'migrating' });
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database_unreachable' });
    }
  });

  app.get('/metrics', async (_request, reply) => {
    const text = renderMetrics(await outboxGauges(app));
    return reply.type('text/plain; version=0.0.4').send(text);
  });
}
