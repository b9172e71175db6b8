import { EDITIONS } from '@vestibule/contract/editions';
import { afterEach, describe, expect, it } from 'vitest';
import { contactInputError, loginInputError } from './contactInput';
import { setCurrentEdition } from './edition';

// What the forms refuse without sending is what the server refuses with the same contract rules
// (emailSchema, toE164 with the edition's region): a table per edition.
describe('contactInputError', () => {
  afterEach(() => setCurrentEdition(EDITIONS.general));

  it.each([
    ['general', 'email', 'emma@demo.test', undefined],
    ['general', 'email', ' Emma@Demo.Test ', undefined],
    ['general', 'email', 'not-an-address', 'invalid_email'],
    ['general', 'email', 'a@b', 'invalid_email'],
    ['general', 'phone', '0470 00 00 01', undefined],
    ['general', 'phone', '+352 621 000 001', undefined],
    ['general', 'phone', '12', 'invalid_phone'],
    ['general', 'phone', '621 000 001', 'invalid_phone'],
    ['lu', 'phone', '621 000 001', undefined],
    ['lu', 'phone', '0470 00 00 01', 'invalid_phone'],
  ] as const)('%s %s %j → %s', (edition, kind, typed, expected) => {
    setCurrentEdition(EDITIONS[edition]);
    expect(contactInputError(kind, typed)).toBe(expected);
  });

  it('takes a login as an e-mail or a number, naming which one is wrong', () => {
    setCurrentEdition(EDITIONS.general);
    expect(loginInputError('emma@demo.test')).toBeUndefined();
    expect(loginInputError('0470 00 00 01')).toBeUndefined();
    expect(loginInputError('emma@')).toBe('invalid_email');
    expect(loginInputError('12')).toBe('invalid_phone');
  });
});
