import { describe, expect, it } from 'vitest';
import { localPasswordError } from './password';

// The forms send no password these rules refuse; the server answers the same codes for them
// (api security/password-policy.ts calls this function before its blocklist).
describe('localPasswordError', () => {
  const personal = { emails: ['Emma.Peeters@demo.test'], firstname: 'Emma', lastname: 'Peeters' };
  it.each([
    ['', 'password_too_short'],
    ['short', 'password_too_short'],
    ['seven77', 'password_too_short'],
    ['x'.repeat(129), 'password_too_long'],
    ['Peeters-2026-long', 'password_personal'],
    ['my emma.peeters secret', 'password_personal'],
    ['correct horse battery', undefined],
    ['x'.repeat(128), undefined],
    // Counted in characters, not UTF-16 units: four emoji and four letters are eight.
    ['😀😀😀😀abcd', undefined],
  ] as const)('%j → %s', (password, expected) => {
    expect(localPasswordError(password, personal)).toBe(expected);
  });

  it('judges length only without personal data (the reset form before login)', () => {
    expect(localPasswordError('Peeters-2026-long')).toBeUndefined();
  });
});
