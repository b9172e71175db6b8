import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp } from '../support/test-app';
import { PATCH_SCHEMA, SCIM_TYPE, scimCompany, scimUser, USER_SCHEMA } from './helpers';

// Whatever an HR system (or an attacker with a token) sends, /scim/v2 answers below 500.

const test = sharedTestApp();
let token: string;
let userId: string;

beforeAll(async () => {
  token = (await scimCompany(test.database.db)).token;
  userId = (await send('POST', '/Users', scimUser())).json().id;
});

function send(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
  return test.app.inject({
    method,
    url: `/scim/v2${path}`,
    headers: { host: 'localhost:3000', authorization: `Bearer ${token}`, 'content-type': SCIM_TYPE },
    payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const FILTERS = [
  '(((((((((((((((((((((userName eq "a")))))))))))))))))))))',
  `userName eq "${'x'.repeat(5000)}"`,
  'userName eq "a" and',
  'userName eq "a" or or userName eq "b"',
  'userName eq "\\"',
  'userName eq "a\\"b"',
  'userName sw ""',
  'userName sw "%_\\\\"',
  'userName co "😀"',
  `userName sw "${String.fromCodePoint(0x10ffff)}"`,
  'emails[type eq "work" and value co "@"]',
  'emails[value eq "a"].type eq "x"',
  'emails.value pr',
  'emails pr',
  'meta.lastModified gt "2011-05-13T04:42:34Z"',
  'id eq "not-a-uuid"',
  'id eq 5',
  'active eq "true"',
  'active eq true',
  'userName eq null',
  'userName eq true',
  'userName[value eq "a"]',
  'urn:ietf:params:scim:schemas:core:2.0:User:userName eq "a"',
  'externalId ne "a"',
  'externalId ew "a" and userName ew "b" and emails.value ew "c"',
  'name.givenName eq "Bea"',
  ']',
  '[',
  '"',
  'eq eq eq',
];

const BODIES: unknown[] = [
  null,
  1,
  'text',
  { userName: ['a'] },
  { userName: { a: 1 } },
  { userName: 'a@test.example', emails: 'a@test.example' },
  { userName: 'a@test.example', emails: [null] },
  { userName: 'a@test.example', emails: [{ value: 5 }] },
  { userName: 'a@test.example', name: 'Bea' },
  { userName: 'a@test.example', active: null },
  { userName: `${'x'.repeat(300)}@test.example` },
  { userName: 'a@test.example', preferredLanguage: 'zz' },
  { userName: 'a@test.example', id: 'mine', meta: { created: 'yesterday' } },
  { schemas: 'nope', userName: 'a@test.example' },
  {
    schemas: [USER_SCHEMA, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
    userName: 'ent@test.example',
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { employeeNumber: '7' },
  },
  { ['__proto__']: { active: false }, userName: 'proto@test.example' },
];

const OPERATIONS: unknown[] = [
  null,
  'replace',
  [null],
  [{}],
  [{ op: 1 }],
  [{ op: 'replace' }],
  [{ op: 'replace', path: 5, value: 1 }],
  [{ op: 'replace', path: '', value: 1 }],
  [{ op: 'replace', path: 'emails[', value: 1 }],
  [{ op: 'replace', path: 'emails[value eq "x"]', value: 'y' }],
  [{ op: 'add', path: 'emails', value: [{ value: 'new@test.example', primary: true }] }],
  [{ op: 'remove', path: 'emails' }],
  [{ op: 'remove', path: 'userName' }],
  [{ op: 'replace', path: 'id', value: 'x' }],
  [{ op: 'replace', path: 'meta.version', value: 'x' }],
  [{ op: 'replace', value: [] }],
  [{ op: 'replace', value: 'x' }],
  [{ op: 'Replace', path: 'active', value: 'maybe' }],
  [{ op: 'add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'HR' }],
];

describe('SCIM never answers 5xx', () => {
  it.each(FILTERS)('GET /Users?filter=%s', async (filter) => {
    const response = await send('GET', `/Users?filter=${encodeURIComponent(filter)}`);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });

  it.each(BODIES.map((body) => [JSON.stringify(body)?.slice(0, 80), body]))(
    'POST /Users %s',
    async (_name, body) => {
      const created = await send('POST', '/Users', body);
      expect(created.statusCode, created.body).toBeLessThan(500);
      const replaced = await send('PUT', `/Users/${userId}`, body);
      expect(replaced.statusCode, replaced.body).toBeLessThan(500);
    },
  );

  it.each(OPERATIONS.map((operations) => [JSON.stringify(operations), operations]))(
    'PATCH %s',
    async (_name, Operations) => {
      const response = await send('PATCH', `/Users/${userId}`, { schemas: [PATCH_SCHEMA], Operations });
      expect(response.statusCode, response.body).toBeLessThan(500);
    },
  );

  it.each([
    '/Users?startIndex=-5&count=99999',
    '/Users?startIndex=99999999',
    '/Users?count=-1',
    '/Users?attributes=',
    '/Users?attributes=emails[value',
    '/Users?excludedAttributes=,,,',
    '/Users?sortBy=userName&sortOrder=sideways',
    '/Users/.search',
    '/Schemas/%00',
    '/ResourceTypes/Group',
    '/Bulk',
    '/Me',
  ])('GET %s', async (path) => {
    const response = await send('GET', path);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });
});
