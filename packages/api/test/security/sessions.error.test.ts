import { sessionsResponseSchema } from '@vestibule/contract/schemas/security';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { sharedTestApp } from '../support/test-app';
import { loginOn } from './helpers';

const test = sharedTestApp();

describe('sessions: refusals', () => {
  it("DELETE /api/sessions/{id} of another user's session answers 404 and ends nothing", async () => {
    const me = await createAccount(test.database.db);
    const stranger = await createAccount(test.database.db);
    const mine = await loginOn(test, me);
    const theirs = await loginOn(test, stranger);
    const listed = sessionsResponseSchema.parse(
      (await test.call({ method: 'GET', url: '/api/sessions', as: theirs })).json(),
    );
    const theirId = listed.data[0]?.id;
    const response = await test.call({
      method: 'DELETE',
      url: `/api/sessions/${theirId}`,
      token: mine.token,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
    const still = await test.call({ method: 'GET', url: '/api/user', token: theirs.token });
    expect(still.statusCode).toBe(200);
  });

  it('DELETE /api/sessions/{id} of an unknown or malformed id answers 404 or 422', async () => {
    const me = await createAccount(test.database.db);
    const { token } = await loginOn(test, me);
    expect((await test.call({ method: 'DELETE', url: '/api/sessions/2147483000', token })).statusCode).toBe(
      404,
    );
    const malformed = await test.call({ method: 'DELETE', url: '/api/sessions/abc', token });
    expect(malformed.statusCode).toBe(422);
  });

  it('every sessions route needs a live session (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/sessions'],
      ['DELETE', '/api/sessions/1'],
      ['POST', '/api/sessions/logout-all'],
    ] as const) {
      const response = await test.call({ method, url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('GET /api/sessions refuses a forged cursor and an oversized page (422)', async () => {
    const me = await createAccount(test.database.db);
    const { token } = await loginOn(test, me);
    const forged = await test.call({ method: 'GET', url: '/api/sessions?cursor=bm90LWEtY3Vyc29y', token });
    expect(forged.statusCode).toBe(422);
    const huge = await test.call({ method: 'GET', url: '/api/sessions?limit=5000', token });
    expect(huge.statusCode).toBe(422);
  });

  it('a token of a session ended by global logout cannot end sessions any more', async () => {
    const me = await createAccount(test.database.db);
    const a = await loginOn(test, me);
    await test.call({ method: 'POST', url: '/api/sessions/logout-all', token: a.token });
    const again = await test.call({ method: 'POST', url: '/api/sessions/logout-all', token: a.token });
    expect(again.statusCode).toBe(401);
  });
});
