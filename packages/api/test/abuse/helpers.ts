import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOGIN_COOKIE_BASE_NAME } from '@vestibule/contract/constants';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import { API_ROUTES } from '../../src/app';
import type { Db } from '../../src/db/database';
import type { RouteDefinition } from '../../src/http/route';
import { hashToken, newOpaqueToken } from '../../src/security/tokens';
import type { TestApp } from '../support/test-app';

// Shared by the abuse tests: one file per class of attack, each sweeping every place
// the class applies. Routes are read from API_ROUTES, so a new route joins the sweeps by itself.

export const LOGIN_COOKIE = LOGIN_COOKIE_BASE_NAME;

/** Every API route with its method, as `METHOD /api/path` keys. */
export const ROUTES: { key: string; method: string; path: string; route: RouteDefinition }[] =
  API_ROUTES.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method]).map((method: string) => ({
      key: `${method} /api${route.url}`,
      method,
      path: `/api${route.url}`,
      route,
    })),
  );

/** A route's path with each `:param` replaced (by name, else `fallback`). */
export function fillPath(path: string, values: Record<string, string> = {}, fallback = '1'): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(values[name] ?? fallback));
}

/** The path parameters of a route (`:id`, `:client_id`…). */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

/** The field names a zod schema accepts (objects, optional/nullable wrappers, unions, pipes). */
export function schemaKeys(schema: unknown): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return schemaKeys(def.innerType);
    case 'union':
      return [...new Set((def.options as unknown[]).flatMap(schemaKeys))];
    case 'pipe':
      return schemaKeys(def.in);
    case 'intersection':
      return [...new Set([...schemaKeys(def.left), ...schemaKeys(def.right)])];
    default:
      return [];
  }
}

/** The session row of a bearer token, or undefined once it is gone. */
export async function sessionOf(db: Db, token: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'device_id'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
}

/** Whether a bearer token still opens GET /api/user. */
export async function tokenWorks(test: TestApp, token: string, host?: string): Promise<boolean> {
  const response = await test.call({ method: 'GET', url: '/api/user', token, host });
  return response.statusCode === 200;
}

/** The `name=value` pairs and attributes of every Set-Cookie header of an answer. */
export function setCookies(response: InjectResponse | Response) {
  const raw =
    'getSetCookie' in response.headers && typeof response.headers.getSetCookie === 'function'
      ? response.headers.getSetCookie()
      : ([] as string[]).concat(
          ((response as InjectResponse).headers['set-cookie'] as string | string[] | undefined) ?? [],
        );
  return raw.map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const index = pair.indexOf('=');
    const flags = new Map<string, string>();
    for (const attribute of attributes) {
      const at = attribute.indexOf('=');
      flags.set(
        (at < 0 ? attribute : attribute.slice(0, at)).toLowerCase(),
        at < 0 ? '' : attribute.slice(at + 1),
      );
    }
    return { name: pair.slice(0, index), value: pair.slice(index + 1), flags, line };
  });
}

/** A typed error answer with the status and code expected. */
export function expectError(response: InjectResponse, status: number, code?: string) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  if (code) expect(response.json().code).toBe(code);
}

/**
 * Open-redirect payloads: each leaves the origin in some browser if it is ever followed as a
 * redirect target (protocol-relative, backslash, scheme without slashes, script URLs, control
 * characters browsers drop, and their percent-encoded and double-encoded forms).
 */
export const HOSTILE_TARGETS: readonly string[] = [
  '//evil.example',
  '//evil.example/callback',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  ' //evil.example',
  'https:evil.example',
  'https:/evil.example',
  'https://evil.example',
  'https://evil.example/callback',
  'http://localhost:3000.evil.example/',
  'https://localhost@evil.example/',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '%2F%2Fevil.example',
  '%2f%2fevil.example',
  '/%2F/evil.example',
  '/%5Cevil.example',
  '%5C%5Cevil.example',
  'https%3A%2F%2Fevil.example',
  'javascript%3Aalert(1)',
  '%252F%252Fevil.example',
  '/%09/evil.example',
  '//%65vil.example',
  '//evil%2Eexample',
];

/** Whether a Location (or target) leaves the origin or runs script. */
export function leavesOrigin(target: string, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return true;
  }
  return url.origin !== origin || !/^https?:$/.test(url.protocol);
}

/** A stand-in build of the SPA (index.html with the config marker, one asset), for page routes. */
export function standInWebBuild(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'vestibule-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><!--vestibule-config--></head><body></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A trusted-device row for the account and device, as an MFA login with the box ticked leaves it; answers the cookie's secret. */
export async function trustDeviceRow(db: Db, userId: number, deviceId: string): Promise<string> {
  const secret = newOpaqueToken();
  await db
    .insertInto('trusted_devices')
    .values({
      user_id: userId,
      device_id: deviceId,
      expires_at: new Date(Date.now() + 86_400_000),
      secret_hash: hashToken(secret),
    })
    .execute();
  return secret;
}
