import type { FastifyInstance } from 'fastify';

/** What /readyz reports besides the database, set by server.ts for the running instance. */
export interface HealthSources {
  /** Present when REDIS_URL is set: whether Redis answers now (else the database limiter holds). */
  redisUp?: () => boolean;
  /** Connections of the PostgreSQL pool, for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

interface HealthState extends HealthSources {
  draining: boolean;
}

const states = new WeakMap<FastifyInstance, HealthState>();

function stateOf(app: FastifyInstance): HealthState {
  let state = states.get(app);
  if (!state) {
    state = { draining: false };
    states.set(app, state);
  }
  return state;
}

export function attachHealthSources(app: FastifyInstance, sources: HealthSources): void {
  Object.assign(stateOf(app), sources);
}

/** From the first moment of a shutdown, /readyz answers 503 so the balancer stops sending. */
export function startDraining(app: FastifyInstance): void {
  stateOf(app).draining = true;
}

export function healthOf(app: FastifyInstance): Readonly<HealthState> {
  return stateOf(app);
}

/** Probe paths answer whatever the Host header is (ALLOWED_HOSTS, editions): kubelets use pod IPs. */
export const PROBE_PATHS = new Set(['/livez', '/readyz', '/healthz']);
