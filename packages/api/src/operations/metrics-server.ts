import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { renderMetrics } from './operations.routes';

// Not `import { createServer } from 'node:http'`: in an ES module that import evaluates every
// export of node:http, among them its lazy WebSocket, CloseEvent and MessageEvent, which load
// Node's bundled undici (fetch) at start: +14 MB of RSS for a client the server does not use
// (decision 0061). getBuiltinModule answers the CommonJS exports and leaves them lazy.
const { createServer } = process.getBuiltinModule('node:http');

/**
 * METRICS_PORT: a second listener on 127.0.0.1 answering GET /metrics only, without a token, for
 * a scraper on the same host or in the same pod network namespace (a sidecar). Never public.
 */
export async function startMetricsServer(app: FastifyInstance, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    renderMetrics(app).then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      (error: unknown) => {
        app.log.warn({ err: error }, 'metrics: could not read the scrape gauges');
        response.writeHead(503, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
