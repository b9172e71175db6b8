import { describe, expect, it } from 'vitest';
import { parseUsername } from './username';

describe('parseUsername', () => {
  it('lower-cases and trims e-mails', () => {
    expect(parseUsername('  Emma@Demo.Test ', 'BE')).toEqual({ kind: 'email', value: 'emma@demo.test' });
  });

  it('parses national phone numbers with the edition region into E.164', () => {
    expect(parseUsername('0470 00 00 01', 'BE')).toEqual({ kind: 'phone', value: '+32470000001' });
    expect(parseUsername('621 000 001', 'LU')).toEqual({ kind: 'phone', value: '+352621000001' });
    expect(parseUsername('+32 470 00 00 01', 'LU')).toEqual({ kind: 'phone', value: '+32470000001' });
  });

  it('rejects what is neither', () => {
    expect(parseUsername('not an email', 'BE')).toBeUndefined();
    expect(parseUsername('a@b', 'BE')).toBeUndefined();
    expect(parseUsername('12', 'BE')).toBeUndefined();
  });
});
