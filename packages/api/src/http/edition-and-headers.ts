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

/** The step-up the console's changes need (a staff member's app or key, decision 0076). */
const STEP_UP_PATHS = new Set(['/api/mfa', '/api/mfa/status', '/api/mfa/sudo']);

/**
 * The admin API answers during maintenance, with the step-up its changes need: the operator who
 * switched it on switches it off there (the console at /admin is a page, served in any case).
 */
function passesMaintenance(path: string): boolean {
  return path.startsWith('/api/admin/') || STEP_UP_PATHS.has(path);
}

/**
 * A percent-encoded unreserved character (RFC 3986 §2.3: letters, digits, `-._~`). No client needs
 * one, and the router decodes them: `/%61pi/user` would reach `/api/user` past checks that read
 * the raw path (RFC 3986 §6.2.2.2 says they mean the same), so such a path is refused.
 */
const NEEDLESSLY_ENCODED = /%(?:2[DE]|3\d|[46][1-9A-F]|[57][0-9A]|5F|7E)/i;

/** Refuses a path that spells a character in percent-encoding where it needs none. */
function refuseNeedlessEncoding(path: string) {
  if (NEEDLESSLY_ENCODED.test(path)) throw new ApiError('bad_request');
}

/**
 * Whether the device-id and maintenance gates apply: judged on the route the router matched (an
 * API route, or the not-found answer of a path under /api), never on the raw URL alone.
 */
function isGatedApiRequest(request: FastifyRequest, path: string): boolean {
  const matched = request.routeOptions;
  if (OPEN_API_PATHS.has(matched.url ?? '') || OPEN_API_PATHS.has(path)) return false;
  return matched.config?.apiRoute === true || path.startsWith('/api/');
}

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
    refuseNeedlessEncoding(path);
    if (!isGatedApiRequest(request, path)) return;
    requireDeviceId(request);
    if (!passesMaintenance(path) && (await isMaintenanceOn(app.ctx.db))) throw new ApiError('maintenance');
  });
}
