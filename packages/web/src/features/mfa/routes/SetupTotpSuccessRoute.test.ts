import { describe, expect, it } from 'vitest';
import { accountLogin, recoveryKeysFile } from './SetupTotpSuccessRoute';

const email = (address: string, primary: boolean) => ({
  id: 1,
  email: address,
  default: primary,
  verified: true,
});
const phone = (number: string, primary: boolean) => ({
  id: 2,
  phone: number,
  default: primary,
  verified: true,
});

describe('the recovery keys file', () => {
  it('names the account by its primary e-mail, else its primary phone grouped for reading', () => {
    expect(
      accountLogin({ email: [email('old@demo.test', false), email('me@demo.test', true)], phone: [] }),
    ).toBe('me@demo.test');
    expect(
      accountLogin({ email: [], phone: [phone('+32470000001', false), phone('+352621000001', true)] }),
    ).toBe('+352 621 000 001');
    expect(accountLogin(undefined)).toBe('');
  });

  it('puts the header above the keys, one a line', () => {
    expect(recoveryKeysFile('Keys of me@demo.test', ['AAAAA-BBBBB', 'CCCCC-DDDDD'])).toBe(
      'Keys of me@demo.test\n\nAAAAA-BBBBB\nCCCCC-DDDDD\n',
    );
  });
});
