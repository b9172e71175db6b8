import { afterAll, describe, expect, it } from 'vitest';
import { setMaintenance } from '../../src/db/maintenance';
import { expectApiError } from '../support/api-error';
import { sharedTestApp } from '../support/test-app';

const test = sharedTestApp();
afterAll(async () => {
  await setMaintenance(test.database.db, false);
});

describe('maintenance mode', () => {
  it('answers 503 maintenance on API calls while on, in the request language, and GET /api/status tells', async () => {
    await setMaintenance(test.database.db, true);
    try {
      const response = await test.call({
        method: 'POST',
        url: '/api/token',
        headers: { 'accept-language': 'nl-BE' },
        payload: { username: 'employee@demo.test', password: 'x' },
      });
      expectApiError(
        response,
        503,
        'maintenance',
        'Sorry, je kunt je op dit moment niet aanmelden. Probeer het later opnieuw.',
      );
      const status = await test.call({ method: 'GET', url: '/api/status' });
      expect(status.json()).toEqual({ maintenance: true });
    } finally {
      await setMaintenance(test.database.db, false);
    }
    const status = await test.call({ method: 'GET', url: '/api/status' });
    expect(status.json()).toEqual({ maintenance: false });
  });
});
