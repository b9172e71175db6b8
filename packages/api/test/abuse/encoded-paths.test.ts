import { afterAll, describe, expect, it } from 'vitest';
import { setMaintenance } from '../../src/db/maintenance';
import { createSession } from '../../src/security/session.queries';
import { createAccount } from '../support/accounts';
import { sharedTestApp } from '../support/test-app';
import { expectError, LOGIN_COOKIE, standInWebBuild } from './helpers';

/**
 * Percent-encoded paths: the router decodes `%61` to `a`, so `/%61pi/user` reaches `GET /api/user`.
 * The device-id and maintenance gates must judge the route that answers, not the raw URL, and a
 * path that encodes what needs no encoding (RFC 3986 §2.3) is refused outright.
 */

const web = standInWebBuild();
const test = sharedTestApp({ WEB_DIST_DIR: web.dir });
afterAll(async () => {
  await setMaintenance(test.database.db, false);
  web.remove();
});

/** Spellings of /api and /oauth paths that a decoding router maps onto the real ones. */
const ENCODED = ['/%61pi', '/a%70i', '/ap%69', '/%61%70%69'];

async function liveSession() {
  const account = await createAccount(test.database.db);
  const { token } = await createSession(test.database.db, {
    userId: account.id,
    deviceId: '00000000-0000-4000-8000-0000000e0c0d',
    userAgent: 'encoded-paths',
    ip: '127.0.0.1',
  });
  return { account, token };
}

describe('encoded paths do not skip the API gates', () => {
  it('a cookie-only POST /%61pi/token/resume gets no token (device id required)', async () => {
    const { token } = await liveSession();
    for (const prefix of ENCODED) {
      const response = await test.call({
        method: 'POST',
        url: `${prefix}/token/resume`,
        deviceId: null,
        cookies: { [LOGIN_COOKIE]: token },
      });
      expect(response.statusCode, prefix).toBe(400);
      expect(response.body).not.toContain(token);
    }
  });

  it('GET /%61pi/user during maintenance is not served', async () => {
    const { token } = await liveSession();
    await setMaintenance(test.database.db, true);
    try {
      for (const prefix of ENCODED) {
        const response = await test.call({ method: 'GET', url: `${prefix}/user`, token });
        expect([400, 503], `${prefix}: ${response.body}`).toContain(response.statusCode);
      }
    } finally {
      await setMaintenance(test.database.db, false);
    }
  });

  it('a login through an encoded path answers a typed 400, never 500, with or without a device id', async () => {
    const { account } = await liveSession();
    for (const prefix of ENCODED)
      for (const deviceId of [null, undefined]) {
        const response = await test.call({
          method: 'POST',
          url: `${prefix}/token`,
          deviceId,
          headers: { 'accept-language': 'fr' },
          payload: { username: account.email, password: account.password },
        });
        expectError(response, 400);
        expect(response.json().message).not.toBe('The request could not be understood.');
        expect(response.body).not.toContain('access_token');
      }
  });

  it('an encoded OAuth token endpoint is refused before the provider (its per-IP budget reads the path)', async () => {
    for (const url of ['/%6fauth/token', '/oauth/t%6fken', '/oauth/%74oken']) {
      const response = await test.call({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=refresh_token&refresh_token=x&client_id=demo-partner',
      });
      expect(response.statusCode, url).toBe(400);
    }
  });

  it('the open paths stay open only as themselves: /%61pi/status needs nothing but is refused as encoded', async () => {
    expect((await test.call({ method: 'GET', url: '/api/status', deviceId: null })).statusCode).toBe(200);
    expectError(await test.call({ method: 'GET', url: '/%61pi/status', deviceId: null }), 400);
  });

  it('encodings that are needed (a reserved character in a page path) still reach the page', async () => {
    const response = await test.call({ method: 'GET', url: '/login%3Fx', deviceId: null });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
