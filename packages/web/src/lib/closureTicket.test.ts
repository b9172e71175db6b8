import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { closingAccountPath, forgetClosingAccount, readClosingAccount } from './closureTicket';

const closure = { closes_at: '2026-12-10T10:00:00.000Z', ticket: '7.1796900000000.1796899000.abc' };

describe('closingAccountPath', () => {
  afterEach(forgetClosingAccount);

  it('keeps the closure of a 409 account_closing for the closure page and answers its path', () => {
    const error = new ApiError(409, 'account_closing', 'closing', undefined, undefined, {
      code: 'account_closing',
      closure,
    });
    expect(closingAccountPath(error)).toBe('/account-closure');
    expect(readClosingAccount()).toEqual(closure);
    forgetClosingAccount();
    expect(readClosingAccount()).toBeNull();
  });

  it('answers undefined for another error, or an account_closing without its closure', () => {
    expect(closingAccountPath(new ApiError(400, 'invalid_credentials', 'no'))).toBeUndefined();
    expect(
      closingAccountPath(new ApiError(409, 'account_closing', 'x', undefined, undefined, {})),
    ).toBeUndefined();
    expect(closingAccountPath(new Error('network'))).toBeUndefined();
    expect(readClosingAccount()).toBeNull();
  });
});
