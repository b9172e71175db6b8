import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { PROBE_PATHS } from '../operations/health';

/** Paths kubelets, balancers and Prometheus call every few seconds: tens of thousands of lines a day. */
const QUIET_PATHS = new Set([...PROBE_PATHS, '/metrics']);

function isQuiet(request: FastifyRequest): boolean {
  return QUIET_PATHS.has(request.url.split('?')[0] ?? '');
}

/**
 * Fastify's request lines, with probes and scrapes at debug: quiet at LOG_LEVEL=info, there when
 * debugging. A probe that fails with an error is still logged as one.
 */
export class QuietProbesLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (isQuiet(request)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (!error && isQuiet(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else super.requestCompleted(error, request, reply);
  }
}
