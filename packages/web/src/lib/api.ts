import type { ErrorCode } from '@vestibule/contract/errors';
import type { ErrorBody } from '@vestibule/contract/schemas/common';
import { deviceId, tokenStore } from './storage';

/**
 * What checks a 2xx answer: a zod schema from the contract, or `lazySchema` around one. The first
 * page must not load zod (docs/performance.md), so the calls it makes take their schemas lazily.
 */
export interface AnswerParser<T> {
  parse(input: unknown): T | Promise<T>;
  /** Starts loading the schema while the request is under way. */
  preload?(): void;
}

/**
 * A contract schema loaded on first use, e.g. `lazySchema(async () => (await import(…)).xSchema)`;
 * by default its loading starts with the request. `preload: false` waits for a 2xx answer: for a
 * call whose success is rare on the page that makes it (resuming a session on the login page).
 */
export function lazySchema<T>(
  load: () => Promise<{ parse(input: unknown): T }>,
  { preload = true }: { preload?: boolean } = {},
): AnswerParser<T> {
  let loading: Promise<{ parse(input: unknown): T }> | undefined;
  const schema = () => {
    loading ??= load();
    return loading;
  };
  const parser: AnswerParser<T> = {
    async parse(input) {
      return (await schema()).parse(input);
    },
  };
  if (preload)
    parser.preload = () => {
      void schema().catch(() => undefined);
    };
  return parser;
}

/**
 * The error body of SPEC §7, checked with the contract's `errorBodySchema`, loaded with the first
 * error answer: the first page load carries no zod (docs/performance.md).
 */
async function readErrorBody(json: unknown): Promise<ErrorBody | undefined> {
  const { errorBodySchema } = await import('@vestibule/contract/schemas/common');
  const parsed = errorBodySchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

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

export interface ApiRequest<S extends AnswerParser<unknown> | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body. */
  json?: unknown;
  /** application/x-www-form-urlencoded body (POST /api/token). */
  form?: Record<string, string | undefined>;
  /** Validates a 2xx JSON answer; without it the answer is ignored. */
  schema?: S;
  /** The 2xx answer's body as text (a CSV export), instead of JSON. */
  asText?: boolean;
  /** A 401 here is an expected answer (login, resume, MFA), not a lost session. */
  expectUnauthorized?: boolean;
  /**
   * A 401 only says "no session": its body is not read. Resuming a session answers 401 to every new
   * visitor, and reading the body would load the contract's schemas on every first visit.
   */
  statusOnlyOn401?: boolean;
  /** The caller handles 401 and 503 itself (the navigation guard): no global handler runs. */
  quiet?: boolean;
  signal?: AbortSignal;
  /** If-Match: the version of the user this change was made on (lib/profileVersion.ts). */
  ifMatch?: string;
  /** Told the ETag of the answer, error answers included (a 412 carries the current version). */
  onVersion?: (etag: string) => void;
  /**
   * The answer of this same request, sent earlier (lib/earlySession.ts): used instead of sending
   * it again; when it resolves to nothing, the request is sent as usual.
   */
  prefetched?: Promise<Response | undefined>;
}

function headersFor(request: ApiRequest<AnswerParser<unknown> | undefined>): Headers {
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
  if (request.ifMatch) headers.set('If-Match', request.ifMatch);
  return headers;
}

function bodyFor(request: ApiRequest<AnswerParser<unknown> | undefined>): BodyInit | undefined {
  if (request.form) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(request.form)) if (value !== undefined) params.set(key, value);
    return params;
  }
  return request.json === undefined ? undefined : JSON.stringify(request.json);
}

/** The headers of a JSON call, for a caller that sends it itself (an upload that shows its progress). */
export function jsonRequestHeaders(): Headers {
  return headersFor({ json: true });
}

async function errorFrom(response: Response, statusOnlyOn401 = false): Promise<ApiError> {
  if (statusOnlyOn401 && response.status === 401) return new ApiError(401, undefined, 'unauthorized');
  const json: unknown = await response.json().catch(() => null);
  const body = await readErrorBody(json);
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new ApiError(
    response.status,
    body?.code as ErrorCode | undefined,
    body ? body.message : `HTTP error, status = ${response.status}`,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    body?.fields,
    json,
  );
}

/** Calls `/api<path>` with the headers of SPEC §7 and returns the validated answer. */
export async function apiRequest<S extends AnswerParser<unknown> | undefined = undefined>(
  path: string,
  request: ApiRequest<S> = {},
): Promise<S extends AnswerParser<infer T> ? T : undefined> {
  request.schema?.preload?.();
  let response: Response | undefined = await request.prefetched;
  try {
    response ??= await fetch(`/api${path}`, {
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
  const etag = response.headers.get('ETag');
  if (etag) request.onVersion?.(etag);
  if (!response.ok) {
    const error = await errorFrom(response, request.statusOnlyOn401);
    if (request.quiet) throw error;
    if (error.status === 503 && error.code === 'maintenance') handlers.onMaintenance();
    else if (error.status === 401 && !request.expectUnauthorized) handlers.onUnauthorized();
    throw error;
  }
  if (request.asText) return (await response.text()) as never;
  if (!request.schema || response.status === 204) return undefined as never;
  return (await request.schema.parse(await response.json())) as never;
}

/** The translation key for an error: the bundle's text for a known code, else the generic one. */
export function errorKey(error: unknown): `errors.${ErrorCode}` {
  if (error instanceof ApiError && error.code && error.status < 500) return `errors.${error.code}`;
  if (error instanceof ApiError && error.code === 'maintenance') return 'errors.maintenance';
  return 'errors.server_error';
}
