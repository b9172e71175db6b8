import { describe, expect, it } from 'vitest';
import { decideNavigation, type NavigationState } from './guard';
import { isPublicPath } from './paths';

const state = (overrides: Partial<NavigationState>): NavigationState => ({
  path: '/user/dashboard',
  search: '',
  loggedIn: false,
  maintenance: false,
  previousPath: null,
  mfaForced: false,
  targetClientId: undefined,
  ...overrides,
});

describe('decideNavigation', () => {
  it('sends /login (with or without a trailing slash) to /login/email', () => {
    expect(decideNavigation(state({ path: '/login' }))).toEqual({ kind: 'redirect', to: '/login/email' });
    expect(decideNavigation(state({ path: '/login/' }))).toEqual({ kind: 'redirect', to: '/login/email' });
  });

  it('sends / and unknown paths home', () => {
    expect(decideNavigation(state({ path: '/', loggedIn: true }))).toEqual({
      kind: 'redirect',
      to: '/user/dashboard',
    });
    expect(decideNavigation(state({ path: '/nope/x' }))).toEqual({ kind: 'redirect', to: '/user/dashboard' });
  });

  it('stores the target and sends a non-logged user on a private route to login', () => {
    expect(decideNavigation(state({ path: '/user/dashboard', search: '?tab=2' }))).toEqual({
      kind: 'login',
      to: '/login/email',
      target: '/user/dashboard?tab=2',
    });
  });

  it('sends a logged-in user on a public route home', () => {
    expect(decideNavigation(state({ path: '/login/phone', loggedIn: true }))).toEqual({
      kind: 'redirect',
      to: '/user/dashboard',
    });
  });

  it('lets a logged-in user reach private routes and a visitor reach public ones', () => {
    expect(decideNavigation(state({ path: '/user/dashboard', loggedIn: true }))).toBeNull();
    expect(decideNavigation(state({ path: '/login/email' }))).toBeNull();
  });

  it('shows /maintenance to everyone and sends every route there during maintenance', () => {
    expect(decideNavigation(state({ path: '/maintenance' }))).toBeNull();
    expect(decideNavigation(state({ path: '/maintenance', loggedIn: true }))).toBeNull();
    expect(decideNavigation(state({ path: '/login/email', maintenance: true }))).toEqual({
      kind: 'redirect',
      to: '/maintenance',
    });
  });

  it('keeps the console and its step-up open during maintenance, and nothing else', () => {
    const on = { maintenance: true, loggedIn: true };
    expect(decideNavigation(state({ ...on, path: '/admin/maintenance' }))).toBeNull();
    expect(decideNavigation(state({ ...on, path: '/admin' }))).toBeNull();
    const stepUp = { ...on, path: '/mfa/methods', search: '?single=false&redirect=%2Fadmin%2Fmaintenance' };
    expect(decideNavigation(state(stepUp))).toBeNull();
    expect(decideNavigation(state({ ...on, path: '/mfa/methods', search: '?redirect=%2Fprofile' }))).toEqual({
      kind: 'redirect',
      to: '/maintenance',
    });
    expect(decideNavigation(state({ ...on, path: '/administrator' }))).toEqual({
      kind: 'redirect',
      to: '/maintenance',
    });
  });

  it('lets the MFA rule decide before the login rules', () => {
    const toSetup = () => ({ kind: 'redirect', to: '/setup-mfa' }) as const;
    expect(decideNavigation(state({ loggedIn: true, mfaForced: true }), toSetup)).toEqual({
      kind: 'redirect',
      to: '/setup-mfa',
    });
  });
});

describe('isPublicPath', () => {
  it.each([
    '/login/email',
    '/forgot-password/phone',
    '/forgot-password-sent',
    '/reset-password-confirmed',
    '/weak-password',
    '/forgot-username-response',
    '/onboarding',
    '/onboarding/card',
    '/onboarding-mfa',
  ])('%s is public', (path) => expect(isPublicPath(path)).toBe(true));

  it.each(['/user/dashboard', '/profile', '/loginx', '/maintenance'])('%s is not public', (path) =>
    expect(isPublicPath(path)).toBe(false),
  );
});
