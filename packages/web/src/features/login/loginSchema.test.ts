import { describe, expect, it } from 'vitest';
import { type LoginFields, type LoginMode, loginResolver } from './loginSchema';

/** The resolver's messages by field, as the form shows them. */
async function validateLogin(mode: LoginMode, fields: LoginFields) {
  const { errors } = await loginResolver(mode)(fields, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
}

// The login form checks with the contract's `loginFormSchemas` (one source of truth).
describe('loginResolver', () => {
  it('asks for both fields when they are empty', async () => {
    expect(await validateLogin('email', { username: '  ', password: '' })).toEqual({
      username: 'login.required.email',
      password: 'login.required.password',
    });
    expect(await validateLogin('phone', { username: '', password: 'x' })).toEqual({
      username: 'login.required.phone',
    });
  });

  it('refuses what is not an e-mail address in the e-mail form only', async () => {
    for (const username of ['emma', 'emma@demo', '.emma@demo.test', 'em..ma@demo.test'])
      expect(await validateLogin('email', { username, password: 'x' })).toEqual({
        username: 'login.invalid.email',
      });
    expect(await validateLogin('phone', { username: 'emma', password: 'x' })).toEqual({});
  });

  it('accepts a well-formed login, the username trimmed', async () => {
    expect(await validateLogin('email', { username: '  emma@demo.test ', password: ' ' })).toEqual({});
    expect(await validateLogin('email', { username: "o'brien+tag@demo.co.uk", password: 'p' })).toEqual({});
    const { values } = await loginResolver('email')(
      { username: '  emma@demo.test ', password: ' ' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(values).toEqual({ username: 'emma@demo.test', password: ' ' });
  });

  it('refuses what POST /api/token would: a username or password too long', async () => {
    expect(await validateLogin('phone', { username: '1'.repeat(255), password: 'p'.repeat(5000) })).toEqual({
      username: 'login.invalid.phone',
      password: 'login.invalid.password',
    });
  });
});
