import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sessionsResponseSchema } from '@vestibule/contract/schemas/security';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { writeCityDatabase } from '../support/mmdb';
import { attemptLogin, sharedTestApp, type TestApp } from '../support/test-app';

/** A real MaxMind DB file (written by the test) mapping 81.0.0.0/8 to Brussels, Belgium. */
const geoipFile = join(mkdtempSync(join(tmpdir(), 'vestibule-geoip-')), 'city.mmdb');
writeFileSync(geoipFile, writeCityDatabase(81, 'Brussels', 'BE'));

const withGeoip = sharedTestApp({ GEOIP_DB_PATH: geoipFile });
const without = sharedTestApp();

async function locationsSeenBy(test: TestApp, ip: string) {
  const account = await createAccount(test.database.db);
  const deviceId = randomUUID();
  const login = await attemptLogin(test, account, { deviceId, remoteAddress: ip });
  const token = login.json().access_token as string;
  const response = await test.call({ method: 'GET', url: '/api/sessions', token, deviceId });
  return sessionsResponseSchema.parse(response.json()).data.map((session) => session.location);
}

describe('session locations (GEOIP_DB_PATH)', () => {
  it('shows city and country from the configured GeoIP database', async () => {
    expect(await locationsSeenBy(withGeoip, '81.2.3.4')).toEqual([{ city: 'Brussels', country: 'BE' }]);
  });

  it('shows none for an address the database does not know', async () => {
    expect(await locationsSeenBy(withGeoip, '10.1.2.3')).toEqual([null]);
  });

  it('shows none when no database is configured', async () => {
    expect(await locationsSeenBy(without, '81.2.3.4')).toEqual([null]);
  });
});
