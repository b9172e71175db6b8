import { describe, expect, it } from 'vitest';
import { parseHashLogin } from './hashLogin';

describe('parseHashLogin', () => {
  it('reads token, payload and isOriginApp from colon-separated pairs', () => {
    expect(parseHashLogin('#token=abc123:payload=p%3A1:isOriginApp=true')).toEqual({
      token: 'abc123',
      payload: 'p:1',
      isOriginApp: true,
    });
  });

  it('keeps "=" inside a value and defaults the optional keys', () => {
    expect(parseHashLogin('#token=a=b==')).toEqual({
      token: 'a=b==',
      payload: undefined,
      isOriginApp: false,
    });
  });

  it('ignores a hash without a token, an empty token and malformed pairs', () => {
    expect(parseHashLogin('')).toBeUndefined();
    expect(parseHashLogin('#section-2')).toBeUndefined();
    expect(parseHashLogin('#token=:payload=x')).toBeUndefined();
    expect(parseHashLogin('#token=%E0%A4%A:payload=x')).toBeUndefined();
  });
});
