// The administration console (decision 0076), wired into i18n/areas/en.ts as `admin`. The other
// locales mirror these keys exactly (i18n/bundles.test.ts).

export const adminEn = {
  nav: {
    label: 'Administration',
    home: 'Overview',
  },
  roles: {
    support: 'Support',
    security: 'Security',
    operator: 'Operator',
    'company-admin': 'Company admin',
  },
  home: {
    title: 'Administration',
    intro: 'Signed in as {{name}}. Every change asks you to confirm with your authenticator app or passkey.',
    rolesTitle: 'Your roles',
    scope: { both: 'both editions', general: 'general edition', lu: 'Luxembourg edition' },
    company: 'company {{id}}',
  },
  refused: {
    title: 'Administration',
    mfa: 'Staff sign in with an authenticator app or a passkey. Set one up in your security settings, then come back.',
    setUp: 'Go to Security',
    notStaff: 'Your account has no staff role.',
    portal: 'Go to your dashboard',
    error: 'The console could not load.',
    retry: 'Try again',
  },
};
