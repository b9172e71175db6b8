import { describe, expect, it } from 'vitest';
import { allowedRedirect, isRegistrableAddress, registeredAddress, sameOriginPath } from './redirects';

const origin = 'https://account.example.com';

/** Open-redirect payloads: each would leave the origin in some browser if followed. */
const HOSTILE = [
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  'https:evil.example',
  'https://evil.example',
  'http://account.example.com.evil.example/',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '%2F%2Fevil.example',
  '/%5Cevil.example'.replace('%5C', '\\'),
  ' //evil.example',
  '',
];

describe('redirect allow-list', () => {
  it.each(HOSTILE)('refuses %j as a same-origin path', (target) => {
    expect(sameOriginPath(target, origin)).toBeUndefined();
    expect(allowedRedirect(target, { origin })).toBeUndefined();
  });

  it('keeps same-origin paths with their query and hash', () => {
    expect(sameOriginPath('/user/access?x=1#top', origin)).toBe('/user/access?x=1#top');
    expect(sameOriginPath('/approve?uid=abc', origin)).toBe('/approve?uid=abc');
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(sameOriginPath('/a/../../b', origin)).toBe('/b');
  });

  it('accepts a registered address only when it matches exactly', () => {
    const registered = ['https://partner.example/callback'];
    expect(registeredAddress('https://partner.example/callback', registered)).toBe(
      'https://partner.example/callback',
    );
    expect(registeredAddress('https://partner.example/callback/', registered)).toBeUndefined();
    expect(registeredAddress('https://partner.example/callback?x=1', registered)).toBeUndefined();
    expect(registeredAddress('https://partner.example.evil/callback', registered)).toBeUndefined();
    expect(registeredAddress('javascript:alert(1)', ['javascript:alert(1)'])).toBeUndefined();
  });

  it('registers only absolute http(s) addresses written out in full', () => {
    const options = { allowHttp: false };
    expect(isRegistrableAddress('https://partner.example/callback', options)).toBe(true);
    expect(isRegistrableAddress('http://127.0.0.1:8080/cb', options)).toBe(true);
    for (const address of [
      'https:partner.example/cb',
      'https:/partner.example',
      'https:///x',
      '//partner.example',
    ])
      expect(isRegistrableAddress(address, options), address).toBe(false);
    expect(isRegistrableAddress('http://partner.example/cb', options)).toBe(false);
  });
});
