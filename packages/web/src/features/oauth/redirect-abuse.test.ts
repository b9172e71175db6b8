import { SESSION_KEYS } from '@vestibule/contract/constants';
import { allowedRedirect } from '@vestibule/contract/redirects';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeTargetPath } from '../../lib/targetUrl';
import { continueTo } from './navigate';

// Open redirect, SPA side (the server side is packages/api/test/abuse/open-redirect):
// the three places the SPA navigates to an address it was given — the target URL after login,
// the consent's resume target, and the partner's homepage link — with the payload list of the API
// abuse test. None of them ever leaves the origin, except a partner homepage the server sent as
// an absolute http(s) address.

const HOSTILE = [
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  ' //evil.example',
  'https:evil.example',
  'https:/evil.example',
  'https://evil.example',
  'https://localhost@evil.example/',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '%2F%2Fevil.example',
  '/%5Cevil.example'.replace('%5C', '\\'),
  'https%3A%2F%2Fevil.example',
  '//%65vil.example',
  'user/dashboard',
  '',
];

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('open redirect in the SPA', () => {
  it.each(HOSTILE)('the target URL after login never follows %j', (target) => {
    window.sessionStorage.setItem(SESSION_KEYS.targetUrl, target);
    expect(takeTargetPath('/user/dashboard')).toBe('/user/dashboard');
    // Consumed once: a later login does not meet it again.
    expect(window.sessionStorage.getItem(SESSION_KEYS.targetUrl)).toBeNull();
  });

  it('the target URL after login keeps a same-origin path', () => {
    window.sessionStorage.setItem(SESSION_KEYS.targetUrl, '/user/access?tab=1');
    expect(takeTargetPath('/user/dashboard')).toBe('/user/access?tab=1');
  });

  it.each(HOSTILE)('the consent resume target %j is never navigated to', (target) => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    expect(continueTo(target)).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('the consent resume target is followed when it is a path of this origin', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    expect(continueTo('/oauth/auth/abc123')).toBe(true);
    expect(assign).toHaveBeenCalledWith('/oauth/auth/abc123');
  });

  it.each(HOSTILE.filter((target) => !/^https?:/i.test(target)))(
    'a partner homepage %j that is no http(s) address is not linked',
    (home) => {
      expect(allowedRedirect(home, { origin: window.location.origin, registered: [home] })).toBeUndefined();
    },
  );
});
