import { describe, expect, it } from 'vitest';
import { platformLabel } from './platform';

const origin = 'http://account.example.com';

describe('platformLabel', () => {
  it('names the client area when the authorisation returns to client.…', () => {
    expect(
      platformLabel('/approve?client_id=2&redirect_uri=https%3A%2F%2Fclient.example.com%2Fcb', origin),
    ).toBe('ca');
  });

  it('names the employee area when the redirect goes to my.…', () => {
    expect(platformLabel('/partner?redirect=https://my.example.com/home', origin)).toBe('mm');
  });

  it('names the administration when the redirect goes to admin.…', () => {
    expect(platformLabel('/partner?redirect=https://admin.example.com/', origin)).toBe('admin');
  });

  it('uses the default wording for portal pages, other hosts and no target', () => {
    expect(platformLabel('/user/dashboard', origin)).toBe('default');
    expect(platformLabel('/approve?redirect_uri=https://app.partner.test/cb', origin)).toBe('default');
    expect(platformLabel(null, origin)).toBe('default');
  });
});
