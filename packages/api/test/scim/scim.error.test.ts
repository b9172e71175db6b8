import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/cli/commands';
import { setMaintenance } from '../../src/db/maintenance';
import { runAdmin } from '../support/admin-cli';
import { sharedTestApp, TEST_SECRETS, testConfig } from '../support/test-app';
import { ERROR_SCHEMA, PATCH_SCHEMA, SCIM_TYPE, scimCompany, scimUser } from './helpers';

// Bad input to /scim/v2 answers a SCIM error body (RFC 7644 §3.12) with a 4xx and a scimType
// naming the problem; never a 5xx.

const test = sharedTestApp();
let company: Awaited<ReturnType<typeof scimCompany>>;
let userId: string;

beforeAll(async () => {
  company = await scimCompany(test.database.db);
  userId = (await scim('POST', '/Users', scimUser())).json().id;
});

function scim(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return test.app.inject({
    method,
    url: `/scim/v2${path}`,
    headers: {
      host: 'localhost:3000',
      authorization: `Bearer ${company.token}`,
      ...(body === undefined ? {} : { 'content-type': SCIM_TYPE }),
      ...headers,
    },
    payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const filter = (expression: string) => `/Users?filter=${encodeURIComponent(expression)}`;

describe('SCIM errors', () => {
  const cases: [string, () => ReturnType<typeof scim>, number, string | undefined][] = [
    ['a filter that does not parse', () => scim('GET', filter('userName eq')), 400, 'invalidFilter'],
    ['a filter of two words', () => scim('GET', filter('foo bar')), 400, 'invalidFilter'],
    [
      'a filter on an attribute we do not filter',
      () => scim('GET', filter('title eq "x"')),
      400,
      'invalidFilter',
    ],
    ['a filter on an unknown attribute', () => scim('GET', filter('shoeSize gt 3')), 400, 'invalidFilter'],
    ['a userName compared with a number', () => scim('GET', filter('userName eq 12')), 400, 'invalidFilter'],
    ['a "not" filter', () => scim('GET', filter('not (userName eq "a")')), 400, 'invalidFilter'],
    ['an ordering operator on a string', () => scim('GET', filter('userName gt "a"')), 400, 'invalidFilter'],
    ['an empty filter', () => scim('GET', '/Users?filter='), 400, 'invalidFilter'],
    ['a filter given twice', () => scim('GET', '/Users?filter=a&filter=b'), 400, 'invalidFilter'],
    ['a count that is no integer', () => scim('GET', '/Users?count=ten'), 400, 'invalidValue'],
    ['an unknown attribute to return', () => scim('GET', '/Users?attributes=shoeSize'), 400, 'invalidValue'],
    [
      'an empty attribute name',
      () => scim('GET', '/Users?excludedAttributes=userName,,emails'),
      400,
      'invalidValue',
    ],
    [
      'an unknown attribute to exclude',
      () => scim('GET', `/Users/${userId}?excludedAttributes=shoeSize`),
      400,
      'invalidValue',
    ],
    [
      'a control character in a filter',
      () => scim('GET', filter('userName eq "a\u0000b"')),
      400,
      'invalidValue',
    ],
    [
      'a control character in a body',
      () => scim('POST', '/Users', scimUser({ userName: 'a\u0007@test.example' })),
      400,
      'invalidValue',
    ],
    ['a body that is not JSON', () => scim('POST', '/Users', '{"userName": '), 400, 'invalidSyntax'],
    ['a body that is a list', () => scim('POST', '/Users', '[]'), 400, 'invalidSyntax'],
    ['no body', () => scim('POST', '/Users'), 400, 'invalidSyntax'],
    [
      'an unknown attribute in a User',
      () => scim('POST', '/Users', scimUser({ shoeSize: 44 })),
      400,
      'invalidValue',
    ],
    [
      'a User without userName',
      () => scim('POST', '/Users', { schemas: [], emails: [{ value: 'x@test.example' }] }),
      400,
      'invalidValue',
    ],
    [
      'a User without any address',
      () => scim('POST', '/Users', { userName: 'no-address' }),
      400,
      'invalidValue',
    ],
    [
      'a wrongly typed attribute',
      () => scim('POST', '/Users', scimUser({ active: 'maybe' })),
      400,
      'invalidValue',
    ],
    [
      'a PATCH path that does not exist',
      () =>
        scim('PATCH', `/Users/${userId}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: 'replace', path: 'shoeSize', value: 1 }],
        }),
      400,
      'invalidPath',
    ],
    [
      'a PATCH operation that is not one',
      () =>
        scim('PATCH', `/Users/${userId}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: 'move', path: 'active' }],
        }),
      400,
      'invalidSyntax',
    ],
    [
      'a PATCH without operations',
      () => scim('PATCH', `/Users/${userId}`, { schemas: [PATCH_SCHEMA] }),
      400,
      'invalidValue',
    ],
    [
      'a PATCH whose filter matches nothing',
      () =>
        scim('PATCH', `/Users/${userId}`, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: 'replace', path: 'emails[type eq "home"].value', value: 'x@test.example' }],
        }),
      400,
      'noTarget',
    ],
    [
      'a PATCH removal without a path',
      () => scim('PATCH', `/Users/${userId}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'remove' }] }),
      400,
      'noTarget',
    ],
    ['an unknown User id', () => scim('GET', '/Users/00000000-0000-4000-8000-000000000000'), 404, undefined],
    ['a User id that is no id', () => scim('GET', '/Users/%22%20or%20%22'), 404, undefined],
    ['an unknown endpoint', () => scim('GET', '/Groups'), 404, undefined],
    ['an unknown schema', () => scim('GET', '/Schemas/urn:nope'), 404, undefined],
    [
      'a stale If-Match',
      () => scim('PUT', `/Users/${userId}`, scimUser(), { 'if-match': 'W/"999"' }),
      412,
      undefined,
    ],
    [
      'a body of another media type',
      () => scim('POST', '/Users', 'userName=x', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      undefined,
    ],
  ];

  it.each(cases)('%s answers a SCIM error', async (_name, request, status, scimType) => {
    const response = await request();
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain(SCIM_TYPE);
    const body = response.json();
    expect(body.schemas).toEqual([ERROR_SCHEMA]);
    expect(body.status).toBe(String(status));
    expect(body.scimType).toBe(scimType);
    expect(body.detail).toBeTypeOf('string');
  });

  it('names the unknown attribute and the filter problem', async () => {
    expect((await scim('POST', '/Users', scimUser({ shoeSize: 44 }))).json().detail).toContain("'shoeSize'");
    expect((await scim('GET', filter('title eq "x"'))).json().detail).toContain('title');
  });

  it('refuses a second User with the same userName (any case) or externalId: 409 uniqueness', async () => {
    const person = scimUser();
    expect((await scim('POST', '/Users', person)).statusCode).toBe(201);
    const again = await scim('POST', '/Users', scimUser({ userName: person.userName.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().scimType).toBe('uniqueness');
    const sameExternal = await scim('POST', '/Users', scimUser({ externalId: person.externalId }));
    expect(sameExternal.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
  });

  it('lets one of two racing creations of a userName win; the other is 409 uniqueness', async () => {
    const person = scimUser();
    const answers = await Promise.all([
      scim('POST', '/Users', person),
      scim('POST', '/Users', scimUser({ userName: person.userName })),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().scimType).toBe('uniqueness');
  });
});

describe('SCIM during maintenance', () => {
  it('answers 503 with Retry-After while the maintenance switch is on', async () => {
    await setMaintenance(test.database.db, true);
    try {
      const response = await scim('GET', '/Users');
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('60');
      expect(response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '503' });
    } finally {
      await setMaintenance(test.database.db, false);
    }
    expect((await scim('GET', '/Users')).statusCode).toBe(200);
  });
});

describe('SCIM authentication', () => {
  it('refuses a missing, unknown or revoked token with 401 and a Bearer challenge', async () => {
    for (const authorization of ['', 'Bearer nope', 'Basic YTpi', `Bearer ${company.token}x`]) {
      const response = await scim('GET', '/Users', undefined, { authorization });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="scim"');
      expect(response.json().schemas).toEqual([ERROR_SCHEMA]);
    }
    const own = await scimCompany(test.database.db);
    const lines: string[] = [];
    const admin = (...argv: string[]) =>
      runAdminCommand(test.database.db, argv, (line) => lines.push(line), TEST_SECRETS, testConfig());
    expect(await admin('scim', 'tokens', 'list', '--company', String(own.id))).toBe(0);
    expect(lines.join('\n')).toMatch(/\tlast used never\tlive/);
    const tokenId = /^(\d+)\t/.exec(lines.at(-1) ?? '')?.[1] as string;
    const live = await scim('GET', '/Users', undefined, { authorization: `Bearer ${own.token}` });
    expect(live.statusCode).toBe(200);
    expect(await admin('scim', 'tokens', 'revoke', tokenId, '--company', String(own.id))).toBe(0);
    const revoked = await scim('GET', '/Users', undefined, { authorization: `Bearer ${own.token}` });
    expect(revoked.statusCode).toBe(401);
    lines.length = 0;
    await admin('scim', 'tokens', 'list', '--company', String(own.id));
    expect(lines.join('\n')).toMatch(/last used \d{4}-.*\trevoked /);
  });

  it('creates a token that works at once and is printed only by create', async () => {
    const own = await scimCompany(test.database.db);
    const created = await runAdmin(test.database.db, [
      'scim',
      'tokens',
      'create',
      '--company',
      String(own.id),
      '--label',
      'Workday',
    ]);
    expect(created.code).toBe(0);
    const token = /(scim_[\w-]+)/.exec(created.output)?.[1] as string;
    expect(
      (await scim('GET', '/ServiceProviderConfig', undefined, { authorization: `Bearer ${token}` }))
        .statusCode,
    ).toBe(200);
    const stored = await test.database.db
      .selectFrom('scim_tokens')
      .select('token_hash')
      .where('company_id', '=', own.id)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("answers 429 with Retry-After once a token's budget is spent", async () => {
    const own = await scimCompany(test.database.db);
    const row = await test.database.db
      .selectFrom('scim_tokens')
      .select('id')
      .where('company_id', '=', own.id)
      .executeTakeFirstOrThrow();
    await test.database.db
      .insertInto('rate_limits')
      .values({ key: `scim:token:${row.id}`, count: 300, reset_at: new Date(Date.now() + 60_000) })
      .execute();
    const refused = await scim('GET', '/Users', undefined, { authorization: `Bearer ${own.token}` });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().schemas).toEqual([ERROR_SCHEMA]);
  });
});
