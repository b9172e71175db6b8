import { errorBodySchema } from '@vestibule/contract/schemas/common';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/app';
import { createSession } from '../../src/security/session.queries';
import { createAccount } from '../support/accounts';
import { sharedTestApp } from '../support/test-app';

/**
 * Property-based requests to every API route: random and invalid bodies, queries, headers and
 * path parameters, with and without a live session. No answer may be a 5xx, every error must be a
 * typed `{ code, message }`, and every success must match the route's response schema.
 * `npm test` runs a sample; `npm run fuzz` runs at least 100,000 requests (FUZZ_RUNS).
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);

const test = sharedTestApp();
let userId: number;
beforeAll(async () => {
  userId = (await createAccount(test.database.db)).id;
});

/** A live session of the fuzzing account; new ones replace those a route revoked. */
async function freshToken(): Promise<string> {
  const { token } = await createSession(test.database.db, {
    userId,
    deviceId: '00000000-0000-4000-8000-000000000001',
    userAgent: 'fuzz',
    ip: '127.0.0.1',
  });
  return token;
}

const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1',
    '99999999999999999999',
    '../../etc/passwd',
    '%00',
    '<script>',
    '{}',
    'null',
    '💥',
    'a'.repeat(300),
  ),
);
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const pathParam = fc.oneof(
  fc.integer().map(String),
  weirdString.filter((s) => s.length > 0).map(encodeURIComponent),
);

const requestShape = fc.record({
  withSession: fc.boolean(),
  params: fc.array(pathParam, { minLength: 3, maxLength: 3 }),
  query: fc.dictionary(
    fc.constantFrom(
      'id',
      'payload',
      'mfaId',
      'single',
      'includeAll',
      'cursor',
      'limit',
      'target',
      'client_id',
      'redirect_uri',
      'uid',
      'edit',
      'to',
    ),
    weirdString,
    { maxKeys: 4 },
  ),
  body: fc.oneof(
    { weight: 3, arbitrary: jsonValue.map((v) => ({ kind: 'json' as const, text: JSON.stringify(v) })) },
    { weight: 1, arbitrary: weirdString.map((s) => ({ kind: 'json' as const, text: s })) },
    {
      weight: 1,
      arbitrary: fc
        .dictionary(fc.string({ maxLength: 12 }), weirdString, { maxKeys: 4 })
        .map((d) => ({ kind: 'form' as const, text: new URLSearchParams(d).toString() })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const, text: '' }) },
  ),
  language: fc.constantFrom(undefined, 'fr-BE', 'nl', 'de-LU', 'xx', '*;q=oops'),
  host: fc.constantFrom('localhost:3000', 'lu.localhost:3000', 'account.example.lu'),
});

describe('fuzzing every API route', () => {
  for (const route of API_ROUTES) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      it(`${method} /api${route.url} never answers 5xx and keeps its contract`, async () => {
        let token = await freshToken();
        await fc.assert(
          fc.asyncProperty(requestShape, async (shape) => {
            let index = 0;
            const path = route.url.replace(/:(\w+)/g, () => shape.params[index++] ?? 'x');
            const query = new URLSearchParams(shape.query).toString();
            const response = await test.call({
              method,
              url: `/api${path}${query ? `?${query}` : ''}`,
              host: shape.host,
              token: shape.withSession ? token : undefined,
              headers: {
                ...(shape.language ? { 'accept-language': shape.language } : {}),
                ...(shape.body.kind === 'json' ? { 'content-type': 'application/json' } : {}),
                ...(shape.body.kind === 'form'
                  ? { 'content-type': 'application/x-www-form-urlencoded' }
                  : {}),
              },
              ...(shape.body.kind !== 'none' && method !== 'GET' ? { payload: shape.body.text } : {}),
            });
            expect(response.statusCode, `${method} ${path}: ${response.body.slice(0, 300)}`).toBeLessThan(
              500,
            );
            if (response.statusCode >= 400) {
              expect(errorBodySchema.safeParse(response.json()).success, response.body.slice(0, 300)).toBe(
                true,
              );
            } else if (route.response && response.statusCode !== 204 && response.body) {
              const parsed = route.response.safeParse(response.json());
              expect(
                parsed.success,
                `${method} ${path} answer off its schema: ${response.body.slice(0, 300)}`,
              ).toBe(true);
            }
            if (response.statusCode === 401 && shape.withSession) token = await freshToken();
          }),
          { numRuns: RUNS_PER_ROUTE },
        );
      });
    }
  }
});
