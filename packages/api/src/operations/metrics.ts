import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of this process (each instance is scraped on its own), on prom-client:
 * the default process and Node.js metrics (CPU, memory and heap, event-loop lag, GC, handles)
 * under the `vestibule_` prefix, and the portal's own series below. Gauges read from the database
 * (outbox depth and age) are set at scrape time by operations.routes.ts.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'vestibule_' });

export const metrics = {
  requestDuration: new Histogram({
    name: 'vestibule_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern (static files under one label)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  }),
  securityEvents: new Counter({
    name: 'vestibule_security_events_total',
    help: 'Audited security events by kind (login.succeeded, login.failed, mfa.added, …)',
    labelNames: ['kind'] as const,
    registers: [registry],
  }),
  messagesQueued: new Counter({
    name: 'vestibule_messages_queued_total',
    help: 'Messages (codes and notices) queued by channel',
    labelNames: ['channel'] as const,
    registers: [registry],
  }),
  deliveries: new Counter({
    name: 'vestibule_outbox_deliveries_total',
    help: 'Delivery attempts by channel and result (sent, retried, failed)',
    labelNames: ['channel', 'result'] as const,
    registers: [registry],
  }),
  rateLimitHits: new Counter({
    name: 'vestibule_rate_limit_hits_total',
    help: 'Requests refused by a rate limit, by rule',
    labelNames: ['rule'] as const,
    registers: [registry],
  }),
  rateLimitFallbacks: new Counter({
    name: 'vestibule_rate_limit_fallback_total',
    help: 'Rate-limit checks answered by the database because Redis was unreachable',
    registers: [registry],
  }),
  redisUp: new Gauge({
    name: 'vestibule_redis_up',
    help: '1 while Redis (REDIS_URL) answers, 0 while rate limits fall back to the database',
    registers: [registry],
  }),
  outboxDepth: new Gauge({
    name: 'vestibule_outbox_depth',
    help: 'Pending messages in the outbox',
    registers: [registry],
  }),
  outboxOldestAge: new Gauge({
    name: 'vestibule_outbox_oldest_age_seconds',
    help: 'Age of the oldest pending message',
    registers: [registry],
  }),
  databasePool: new Gauge({
    name: 'vestibule_db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting clients)',
    labelNames: ['state'] as const,
    registers: [registry],
  }),
  purgedRows: new Counter({
    name: 'vestibule_purged_rows_total',
    help: 'Rows deleted or emptied by the scheduled purge, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  }),
};

/**
 * The label of a request's route: its pattern, one label for every static file (`builtFiles`: a
 * route of the SPA's files, whose pattern is a directory's, `/assets/*`).
 */
export function routeLabel(pattern: string | undefined, statusCode: number, builtFiles = false): string {
  if (builtFiles) return 'static';
  if (!pattern) return statusCode < 400 ? 'spa' : 'unmatched';
  if (!pattern.startsWith('/api/') && /\.[a-z0-9]+$/i.test(pattern)) return 'static';
  return pattern;
}
