import { describe, expect, it } from 'vitest';
import { scrubPersonalData } from './personal-data';

describe('scrubPersonalData', () => {
  it.each([
    ['user ada.lovelace+x@example.co.uk not found', 'user [email] not found'],
    ['SMS to +32 470 12 34 56 failed', 'SMS to [number] failed'],
    ['SMS to +32470123456 failed', 'SMS to [number] failed'],
    ['IBAN BE68 5390 0754 7034 refused', 'IBAN [iban] refused'],
    ['IBAN BE68539007547034 refused', 'IBAN [iban] refused'],
    ['card 5065 0000 0000 0001', 'card [number]'],
    ['national number 85.07.30-033.28', 'national number [number]'],
    ['code 12345678 expired', 'code [code] expired'],
    ['code 123456 expired', 'code [code] expired'],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: [token]'],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-nature', 'jwt [token]'],
    ['reset token 3q2-7wEjZk1xYb9QpLmN4rT8uV0', 'reset token [token]'],
  ])('scrubs %j', (input, expected) => {
    expect(scrubPersonalData(input)).toBe(expected);
  });

  it('keeps what helps to find the bug', () => {
    const text = 'TypeError: Cannot read properties of undefined (reading "id") at line 42';
    expect(scrubPersonalData(text)).toBe(text);
    expect(scrubPersonalData('connect ECONNREFUSED 127.0.0.1:5432')).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
  });
});
