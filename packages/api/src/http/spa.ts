import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isMaintenanceOn } from '../flows/maintenance/maintenance';
import { ApiError } from './api-error';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
const CONFIG_MARKER = '<!--vestibule-config-->';

/** Escapes `<` so the JSON can never close its script element. */
function configScript(config: Record<string, unknown>): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script id="vestibule-config" type="application/json">${json}</script>`;
}

/**
 * Serves the built SPA: hashed assets with immutable caching, and index.html (never cached, with
 * the runtime configuration injected) for every other GET that is not an API path.
 */
export async function registerSpa(app: FastifyInstance) {
  const webDist = app.ctx.config.webDistDir ?? DEFAULT_WEB_DIST;
  const indexPath = join(webDist, 'index.html');
  const index = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  if (index) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      globIgnore: ['index.html'],
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (path.startsWith('/api/') || !isPage || path.startsWith('/assets/')) throw new ApiError('not_found');
    if (!index)
      return reply.code(503).type('text/plain').send('The web app is not built: run npm run build.');
    const { config, db } = app.ctx;
    const html = index.replace(
      CONFIG_MARKER,
      configScript({
        luMarker: config.luHostMarker,
        tagManagerId: config.tagManagerId ?? null,
        maintenance: await isMaintenanceOn(db),
        captcha: config.captcha
          ? { provider: config.captcha.provider, siteKey: config.captcha.siteKey }
          : null,
      }),
    );
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
