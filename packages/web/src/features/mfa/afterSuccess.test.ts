import { describe, expect, it } from 'vitest';
import { decideAfterSuccess, type SuccessQuery } from './afterSuccess';

const origin = 'https://account.example.test';
const query = (overrides: Partial<SuccessQuery> = {}): SuccessQuery => ({
  isLogin: false,
  payloadGiven: false,
  redirect: null,
  scope: null,
  action: null,
  targetMfaId: null,
  weakPassword: false,
  ...overrides,
});

describe('decideAfterSuccess (SPEC §4 "After a successful code")', () => {
  it('sends a recovery key to the totp-recovery screen with the mfaId, count, redirect, action and targetMfaId', () => {
    const step = decideAfterSuccess(
      'totpRecovery',
      { sudo: false, method: 'totpRecovery', access_token: 't', recovery_keys_remaining: 3, totp_mfa_id: 9 },
      query({ isLogin: true, redirect: 'mfa-edit', action: 'delete', targetMfaId: '4' }),
      origin,
    );
    expect(step).toEqual({
      kind: 'navigate',
      to: '/mfa/totp-recovery?mfaId=9&remaining=3&redirect=mfa-edit&action=delete&targetMfaId=4&isLogin=true',
    });
  });

  it('makes a full-page redirect for scope=internal, same origin only', () => {
    expect(
      decideAfterSuccess(
        'sms',
        { sudo: true, method: 'sms' },
        query({ scope: 'internal', redirect: '/api/oauth/x?a=1' }),
        origin,
      ),
    ).toEqual({ kind: 'fullPage', href: '/api/oauth/x?a=1' });
    expect(
      decideAfterSuccess(
        'sms',
        { sudo: true, method: 'sms' },
        query({ scope: 'internal', redirect: 'https://evil.test/' }),
        origin,
      ),
    ).toEqual({ kind: 'back' });
  });

  it('sends a weak password to weak-password with verified=true', () => {
    expect(
      decideAfterSuccess(
        'sms',
        { sudo: true, method: 'sms', access_token: 't', weak_password: true },
        query({ isLogin: true }),
        origin,
      ),
    ).toEqual({ kind: 'navigate', to: '/weak-password?verified=true' });
    expect(
      decideAfterSuccess('email', { sudo: true, method: 'email' }, query({ weakPassword: true }), origin),
    ).toEqual({
      kind: 'navigate',
      to: '/weak-password?verified=true',
    });
  });

  it('ends a login (or a handed-over payload) at the stored target', () => {
    expect(
      decideAfterSuccess(
        'totp',
        { sudo: true, method: 'totp', access_token: 't' },
        query({ isLogin: true }),
        origin,
      ),
    ).toEqual({
      kind: 'target',
    });
    expect(
      decideAfterSuccess('sms', { sudo: true, method: 'sms' }, query({ payloadGiven: true }), origin),
    ).toEqual({
      kind: 'target',
    });
  });

  it('goes to a redirect route name or path with action and targetMfaId', () => {
    expect(
      decideAfterSuccess(
        'sms',
        { sudo: true, method: 'sms' },
        query({ redirect: 'mfa-edit', action: 'delete', targetMfaId: '7' }),
        origin,
      ),
    ).toEqual({ kind: 'navigate', to: '/security/mfa-edit?action=delete&targetMfaId=7' });
    expect(
      decideAfterSuccess(
        'sms',
        { sudo: true, method: 'sms' },
        query({ redirect: '/security/edit-recovery?x=1' }),
        origin,
      ),
    ).toEqual({
      kind: 'navigate',
      to: '/security/edit-recovery?x=1',
    });
  });

  it('otherwise goes back two steps, also for a redirect leaving the origin', () => {
    expect(decideAfterSuccess('sms', { sudo: true, method: 'sms' }, query(), origin)).toEqual({
      kind: 'back',
    });
    expect(
      decideAfterSuccess('sms', { sudo: true, method: 'sms' }, query({ redirect: '//evil.test' }), origin),
    ).toEqual({ kind: 'back' });
  });
});
