import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  codeCheckSymbol,
  formatCode,
  newActivationCode,
  parseActivationCode,
  parseInvitationCode,
} from './activation-code';

describe('activation codes', () => {
  it('accepts a new code typed in lower case with dashes, and reads O/I/L as 0/1/1', () => {
    const code = newActivationCode((n) => randomBytes(n));
    expect(parseActivationCode(formatCode(code).toLowerCase())).toBe(code);
    const payload = 'K7M3Q9TZ4H0';
    expect(parseActivationCode(`${payload.replace('0', 'O')}${codeCheckSymbol(payload)}`)).toBe(
      payload + codeCheckSymbol(payload),
    );
  });

  it('catches every single wrong symbol', () => {
    const code = newActivationCode((n) => randomBytes(n));
    for (let i = 0; i < code.length; i++)
      for (const symbol of '0123456789ABCDEFGHJKMNPQRSTVWXYZ')
        if (symbol !== code[i])
          expect(parseActivationCode(code.slice(0, i) + symbol + code.slice(i + 1))).toBeUndefined();
  });

  it('refuses wrong lengths and letters outside the alphabet', () => {
    expect(parseActivationCode('ABC')).toBeUndefined();
    expect(parseInvitationCode('UUUUU-UUUUU')).toBeUndefined();
    expect(parseInvitationCode('acme2-greet')).toBe('ACME2GREET');
  });

  it('reads a code copied from a hint, with its non-breaking hyphens', () => {
    expect(parseActivationCode('AB12\u2011CD34\u2011EF5G')).toBe('AB12CD34EF5G');
    expect(parseInvitationCode('HR4N7\u2011QW2ZX')).toBe('HR4N7QW2ZX');
  });
});
