import { describe, expect, it } from 'vitest';
import { decideNavigation, type NavigationState } from '../lib/guard';
import { forcedMfaRule } from './mfaRule';

const state = (overrides: Partial<NavigationState>): NavigationState => ({
  path: '/user/dashboard',
  search: '',
  loggedIn: true,
  maintenance: false,
  previousPath: '/login/email',
  mfaForced: true,
  targetClientId: undefined,
  ...overrides,
});
const decide = (overrides: Partial<NavigationState>) => decideNavigation(state(overrides), forcedMfaRule);

describe('forcedMfaRule (SPEC §4 rule 6)', () => {
  it('sends a forced user to setup-mfa from any private route, on a reload too', () => {
    expect(decide({})).toEqual({ kind: 'redirect', to: '/setup-mfa' });
    expect(decide({ previousPath: null })).toEqual({ kind: 'redirect', to: '/setup-mfa' });
  });

  it.each([undefined, '2', '51'])('applies when the target client_id is %s', (targetClientId) => {
    expect(decide({ targetClientId })).toEqual({ kind: 'redirect', to: '/setup-mfa' });
  });

  it('does not apply to a partner login (another client_id)', () => {
    expect(decide({ targetClientId: '7' })).toBeNull();
  });

  it('lets the setup screens, mfa and mfa-methods through', () => {
    expect(decide({ path: '/setup-mfa/phone', previousPath: '/setup-mfa' })).toBeNull();
    expect(decide({ path: '/setup-mfa', previousPath: null })).toBeNull();
    expect(decide({ path: '/mfa/methods' })).toBeNull();
    expect(decide({ path: '/mfa' })).toBeNull();
  });

  it('logs out a forced user who leaves setup-mfa for a non-setup route', () => {
    expect(decide({ path: '/user/dashboard', previousPath: '/setup-mfa/email' })).toEqual({
      kind: 'logout',
      to: '/login/email',
    });
    expect(decide({ path: '/login/email', previousPath: '/setup-mfa' })).toEqual({
      kind: 'logout',
      to: '/login/email',
    });
  });

  it('lets a user who is not forced leave setup-mfa (the customer skip)', () => {
    expect(decide({ mfaForced: false, previousPath: '/setup-mfa' })).toBeNull();
  });

  it('sends a session with a weak password to weak-password first', () => {
    expect(decide({ mfaForced: false, weakPasswordPending: true })).toEqual({
      kind: 'redirect',
      to: '/weak-password?verified=true',
    });
    expect(decide({ path: '/weak-password', mfaForced: false, weakPasswordPending: true })).toBeNull();
  });

  it('lets a visitor reach mfa-methods and mfa at login, and a logged-in user reach weak-password', () => {
    expect(decide({ loggedIn: false, mfaForced: false, path: '/mfa/methods' })).toBeNull();
    expect(decide({ loggedIn: false, mfaForced: false, path: '/mfa' })).toBeNull();
    expect(decide({ mfaForced: false, path: '/weak-password' })).toBeNull();
  });

  it('still sends a visitor on a private route to login', () => {
    expect(decide({ loggedIn: false, mfaForced: false, path: '/setup-mfa' })).toEqual({
      kind: 'login',
      to: '/login/email',
      target: '/setup-mfa',
    });
  });
});
