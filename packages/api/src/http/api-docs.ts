import type { FastifyInstance } from 'fastify';

/**
 * The reference page's own policy: Redoc (served from our origin, copied beside the SPA at build)
 * writes its styles into `<style>` elements and style attributes, and builds its search index in a
 * worker from a blob. The page holds no session and shows no personal data; nothing else loads.
 */
const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Vestibule account API</title>
  </head>
  <body>
    <redoc spec-url="/api/openapi.json" hide-download-button="false" native-scrollbars="true"></redoc>
    <script src="/api-docs/redoc.standalone.js"></script>
  </body>
</html>
`;

/** GET /api/docs: a readable reference of /api/openapi.json. */
export function registerApiDocs(app: FastifyInstance) {
  app.get('/api/docs', {
    // After the app's onSend hook, which sets the portal's stricter policy.
    onSend: async (_request, reply, payload) => {
      reply.header('content-security-policy', API_DOCS_CSP);
      return payload;
    },
    handler: async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE),
  });
}
