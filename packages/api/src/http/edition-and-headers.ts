import { DEVICE_ID_HEADER } from '@vestibule/contract/constants';
import { editionForHost } from '@vestibule/contract/editions';
import { deviceIdSchema } from '@vestibule/contract/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isMaintenanceOn } from '../db/maintenance';
import { PROBE_PATHS } from '../operations/health';
import { ApiError } from './api-error';
import { negotiatedLocale } from './language';

const HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** Edition from the Host header; refuses hosts this portal does not serve. */
function resolveHost(request: FastifyRequest) {
  const { config } = request.server.ctx;
  const host = request.headers.host ?? '';
  if (!HOST_PATTERN.test(host)) throw new ApiError('unknown_host');
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  if (config.allowedHosts.length && !config.allowedHosts.includes(hostname))
    throw new ApiError('unknown_host');
  request.edition = editionForHost(hostname, config.luHostMarker);
}

/** Language of messages: the edition's language Accept-Language weighs highest, else its fallback. */
function resolveLanguage(request: FastifyRequest) {
  const locale = negotiatedLocale(request.edition, request.headers['accept-language']);
  request.language = (locale ?? request.edition.fallbackLocale).slice(0, 2);
}

/** Every /api call names its device (SPEC §3, X-Device-ID). */
function requireDeviceId(request: FastifyRequest) {
  const parsed = deviceIdSchema.safeParse(request.headers[DEVICE_ID_HEADER]);
  if (!parsed.success) throw new ApiError('missing_device_id');
  request.deviceId = parsed.data;
}

/** Paths under /api that answer without a device id and during maintenance. */
const OPEN_API_PATHS = new Set(['/api/status', '/api/openapi.json', '/api/docs']);

export function registerRequestContext(app: FastifyInstance) {
  app.decorateRequest('edition', null as never);
  app.decorateRequest('language', 'en');
  app.decorateRequest('deviceId', '');
  app.addHook('onRequest', async (request) => {
    request.language = 'en';
    const path = request.url.split('?')[0]!;
    // Probes come from kubelets and balancers by IP: they answer for any Host header.
    if (PROBE_PATHS.has(path)) {
      request.edition = editionForHost('', app.ctx.config.luHostMarker);
      return;
    }
    resolveHost(request);
    resolveLanguage(request);
    if (!path.startsWith('/api/') || OPEN_API_PATHS.has(path)) return;
    requireDeviceId(request);
    if (await isMaintenanceOn(app.ctx.db)) throw new ApiError('maintenance');
  });
}
