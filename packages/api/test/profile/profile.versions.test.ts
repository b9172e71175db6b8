import { describe, expect, it } from 'vitest';
import { countMessages, dropSudo, stepUp } from '../mfa/helpers';
import { sharedTestApp, type TestApp } from '../support/test-app';
import { addEmail, freshAddresses, type ProfileSession, profileSession } from './helpers';

// Optimistic concurrency (docs/decisions/0071-profile-versions.md): GET /api/user answers an ETag;
// a change sent with a stale If-Match answers 412 profile_changed with the current user, and
// changes nothing.

const test = sharedTestApp();

async function readUser(session: ProfileSession) {
  const response = await test.call({ method: 'GET', url: '/api/user', token: session.token });
  expect(response.statusCode).toBe(200);
  const etag = response.headers.etag;
  expect(etag).toMatch(/^"[\w-]{22}"$/);
  return { etag: etag as string, user: response.json().data };
}

const ifMatch = (etag?: string) => (etag ? { 'if-match': etag } : {});

/** PATCH /api/user, with If-Match when a version is given. */
const patchUser = (session: ProfileSession, payload: Record<string, string>, etag?: string) =>
  test.call({ method: 'PATCH', url: '/api/user', token: session.token, headers: ifMatch(etag), payload });

/** PUT /api/user/iban of one valid IBAN with If-Match. */
const putIban = (session: ProfileSession, etag: string) =>
  test.call({
    method: 'PUT',
    url: '/api/user/iban',
    token: session.token,
    headers: ifMatch(etag),
    payload: { iban: 'BE68539007547034' },
  });

/** A stale write: 412 profile_changed, the current user and its tag in the answer. */
function expectStale(response: Awaited<ReturnType<TestApp['call']>>, current: { etag: string }) {
  expect(response.statusCode, response.body).toBe(412);
  expect(response.json()).toMatchObject({ code: 'profile_changed', data: { id: expect.any(Number) } });
  expect(response.headers.etag).toBe(current.etag);
}

describe('profile versions (ETag / If-Match)', () => {
  it("a change from a browser that read an older version is refused with the current one, not applied over the other's", async () => {
    const session = await profileSession(test);
    const stale = await readUser(session);
    // Browser A changes the first name with the version it read…
    const first = await patchUser(session, { firstname: 'Anna' }, stale.etag);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).not.toBe(stale.etag);
    // …browser B, still on the old version, changes the last name: refused, A's change kept.
    const second = await test.call({
      method: 'PATCH',
      url: '/api/user',
      token: session.token,
      headers: { 'if-match': stale.etag, 'accept-language': 'nl-BE' },
      payload: { lastname: 'Peeters' },
    });
    const current = await readUser(session);
    expectStale(second, current);
    expect(second.json().message).toBe(
      'Je gegevens zijn intussen ergens anders gewijzigd. Bekijk de huidige gegevens en voer je wijziging opnieuw uit.',
    );
    expect(second.json().data.firstname).toBe('Anna');
    expect(current.user.lastname).not.toBe('Peeters');
    // With the current version B's change goes through.
    const retried = await patchUser(session, { lastname: 'Peeters' }, current.etag);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ firstname: 'Anna', lastname: 'Peeters' });
    expect(retried.headers.etag).toBe((await readUser(session)).etag);
  });

  it('the IBAN, a contact added, deleted or made primary, and the language honour If-Match too', async () => {
    const session = await profileSession(test);
    const fresh = freshAddresses();
    const added = await addEmail(test, session, fresh.email);
    const extra = added.email.find((e: { email: string }) => e.email === fresh.email);
    const stale = await readUser(session);
    const other = await patchUser(session, { firstname: 'Otto' });
    expect(other.statusCode, other.body).toBe(200);
    const current = await readUser(session);
    const next = freshAddresses();
    const writes = [
      { method: 'PUT', url: '/api/user/iban', payload: { iban: 'BE68539007547034' } },
      { method: 'PATCH', url: '/api/user', payload: { language: 'fr' } },
      { method: 'POST', url: '/api/user/emails', payload: { email: next.email } },
      { method: 'DELETE', url: `/api/user/emails/${extra?.id}` },
      { method: 'POST', url: `/api/user/emails/${extra?.id}/primary` },
    ] as const;
    for (const write of writes)
      expectStale(
        await test.call({ ...write, token: session.token, headers: { 'if-match': stale.etag } }),
        current,
      );
    expect(await countMessages(test.database.db, next.email)).toBe(0);
    expect((await readUser(session)).user).toEqual(current.user);
    const removed = await test.call({
      method: 'DELETE',
      url: `/api/user/emails/${extra?.id}`,
      token: session.token,
      headers: { 'if-match': `"other", ${current.etag}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.headers.etag).toBe((await readUser(session)).etag);
  });

  it('a stale IBAN change keeps a single step-up grant for the retry', async () => {
    const session = await profileSession(test);
    await dropSudo(test.database.db, session.token);
    await stepUp(test, session.token, session.account, 1);
    const stale = await readUser(session);
    await patchUser(session, { firstname: 'Ben' });
    const refused = await putIban(session, stale.etag);
    expect(refused.statusCode).toBe(412);
    const retried = await putIban(session, refused.headers.etag as string);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.iban).toBe('BE68539007547034');
  });
});
