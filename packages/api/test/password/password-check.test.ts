import { passwordCheckResponseSchema } from '@vestibule/contract/schemas/security';
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../support/test-app';

// POST /api/password/check: the rules list of a new-password form ticks "not common" from the
// server's blocklist, the one a save is judged by.

const test = sharedTestApp();

const check = (password: unknown, remoteAddress = '203.0.113.7') =>
  test.call({ method: 'POST', url: '/api/password/check', payload: { password }, remoteAddress });

describe('POST /api/password/check', () => {
  it('says a blocklisted password is common, as typed, by its stem, or one repeated character', async () => {
    for (const password of ['password123', 'Summer2024!', 'aaaaaaaaaa']) {
      const response = await check(password);
      expect(response.statusCode, password).toBe(200);
      expect(passwordCheckResponseSchema.parse(response.json())).toEqual({ common: true });
    }
  });

  it('says a strong password is not common, without a session', async () => {
    const response = await check('Lantern-orchard-7391');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ common: false });
  });

  it('answers 422 without a password', async () => {
    expect((await check('')).statusCode).toBe(422);
    expect((await check(42)).statusCode).toBe(422);
  });

  it('answers 429 with Retry-After past 300 checks an hour from one address', async () => {
    const address = '198.51.100.9';
    for (let index = 0; index < 300; index++)
      expect((await check('Lantern-orchard-7391', address)).statusCode).toBe(200);
    const refused = await check('Lantern-orchard-7391', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address keeps its own budget.
    expect((await check('Lantern-orchard-7391', '198.51.100.10')).statusCode).toBe(200);
  });
});
