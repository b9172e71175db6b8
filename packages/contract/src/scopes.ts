import type { Edition } from './editions';

// OAuth scopes a third-party application may ask for (SPEC §3 "Scopes shown on consent"), plus the
// OpenID Connect ones that carry identity claims. Each has a translated label on the consent and
// access screens; the two brand scopes are named from the edition.

/** The portal's own scopes of SPEC §3, in the order the consent screen lists them. */
export const PORTAL_SCOPES = [
  'balance',
  'clientarea',
  'company',
  'customerwrite',
  'fridom',
  'history',
  'mobile',
  'notification',
  'payment',
  'reimbursemoney',
  'transaction',
  'user',
  'userwrite',
] as const;
export type PortalScope = (typeof PORTAL_SCOPES)[number];

/** OpenID Connect scopes: identity (openid), claims by scope, and long-lived access. */
export const OIDC_SCOPES = ['openid', 'profile', 'email', 'phone', 'offline_access'] as const;
export type OidcScope = (typeof OIDC_SCOPES)[number];

/** Claims released by scope (names, primary e-mail and phone, language); `user` reads them all. */
export const SCOPE_CLAIMS: Record<string, readonly string[]> = {
  openid: ['sub'],
  profile: ['name', 'given_name', 'family_name', 'locale'],
  email: ['email', 'email_verified'],
  phone: ['phone_number', 'phone_number_verified'],
  user: [
    'name',
    'given_name',
    'family_name',
    'locale',
    'email',
    'email_verified',
    'phone_number',
    'phone_number_verified',
  ],
};

/** Every scope the authorization server of an edition supports. */
export function supportedScopes(edition: Pick<Edition, 'brandScopes'>): string[] {
  return [...OIDC_SCOPES, ...PORTAL_SCOPES, ...edition.brandScopes];
}

/** Scopes a client may be registered with, over every edition. */
export function registrableScopes(editions: readonly Pick<Edition, 'brandScopes'>[]): Set<string> {
  return new Set(editions.flatMap((edition) => supportedScopes(edition)));
}

/**
 * The label key of a scope for the consent and access screens: `brand` and `brandCard` for the
 * edition's two brand scopes, the scope itself for the others, undefined for an unknown one.
 */
export type ScopeLabel = PortalScope | OidcScope | 'brand' | 'brandCard';
export function scopeLabel(scope: string, edition: Pick<Edition, 'brandScopes'>): ScopeLabel | undefined {
  if (scope === edition.brandScopes[0]) return 'brand';
  if (scope === edition.brandScopes[1]) return 'brandCard';
  if ((PORTAL_SCOPES as readonly string[]).includes(scope)) return scope as PortalScope;
  if ((OIDC_SCOPES as readonly string[]).includes(scope)) return scope as OidcScope;
  return undefined;
}
