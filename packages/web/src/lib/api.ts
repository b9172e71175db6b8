import { type ErrorCode, isErrorCode } from '@vestibule/contract/errors';
import { errorBodySchema } from '@vestibule/contract/schemas/common';
import type { z } from 'zod';
import { deviceId, tokenStore } from './storage';

/** A non-ok answer (status ≥ 400) or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
    readonly retryAfterSeconds?: number,
    readonly fields?: Record<string, string>,
    /** The whole JSON body, for answers that carry more than the error (401 mfa_required). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ApiEventHandlers {
  /** Any answer 503 `maintenance`. */
  onMaintenance: () => void;
  /** A 401 on a call made with the session token: the session is gone. */
  onUnauthorized: () => void;
}

let handlers: ApiEventHandlers = { onMaintenance: () => {}, onUnauthorized: () => {} };
let acceptLanguage = 'en';

/** The app wires navigation here, so that lib code never imports the router. */
export function setApiEventHandlers(next: ApiEventHandlers): void {
  handlers = next;
}

export function setApiLanguage(locale: string): void {
  acceptLanguage = locale;
}

export interface ApiRequest<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body. */
  json?: unknown;
  /** application/x-www-form-urlencoded body (POST /api/token). */
  form?: Record<string, string | undefined>;
  /** Validates a 2xx JSON answer; without it the answer is ignored. */
  schema?: S;
  /** A 401 here is an expected answer (login, resume, MFA), not a lost session. */
  expectUnauthorized?: boolean;
  /** The caller handles 401 and 503 itself (the navigation guard): no global handler runs. */
  quiet?: boolean;
  signal?: AbortSignal;
}

function headersFor(request: ApiRequest<z.ZodType | undefined>): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    'Accept-Language': acceptLanguage,
    'X-Device-ID': deviceId(),
  });
  headers.set(
    'Content-Type',
    request.form ? 'application/x-www-form-urlencoded;charset=UTF-8' : 'application/json',
  );
  const token = tokenStore.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

function bodyFor(request: ApiRequest<z.ZodType | undefined>): BodyInit | undefined {
  if (request.form) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(request.form)) if (value !== undefined) params.set(key, value);
    return params;
  }
  return request.json === undefined ? undefined : JSON.stringify(request.json);
}

async function errorFrom(response: Response): Promise<ApiError> {
  const json: unknown = await response.json().catch(() => null);
  const body = errorBodySchema.safeParse(json);
  const code = body.success && isErrorCode(body.data.code) ? body.data.code : undefined;
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new ApiError(
    response.status,
    code,
    body.success ? body.data.message : `HTTP error, status = ${response.status}`,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    body.success ? body.data.fields : undefined,
    json,
  );
}

/** Calls `/api<path>` with the headers of SPEC §7 and returns the validated answer. */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  request: ApiRequest<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : undefined> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: request.method ?? 'GET',
      headers: headersFor(request),
      body: bodyFor(request),
      credentials: 'same-origin',
      signal: request.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, undefined, 'network error');
  }
  if (!response.ok) {
    const error = await errorFrom(response);
    if (request.quiet) throw error;
    if (error.status === 503 && error.code === 'maintenance') handlers.onMaintenance();
    else if (error.status === 401 && !request.expectUnauthorized) handlers.onUnauthorized();
    throw error;
  }
  if (!request.schema || response.status === 204) return undefined as never;
  return request.schema.parse(await response.json()) as never;
}

/** The translation key for an error: the bundle's text for a known code, else the generic one. */
export function errorKey(error: unknown): `errors.${ErrorCode}` {
  if (error instanceof ApiError && error.code && error.status < 500) return `errors.${error.code}`;
  if (error instanceof ApiError && error.code === 'maintenance') return 'errors.maintenance';
  return 'errors.server_error';
}
