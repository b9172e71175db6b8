import type { adminEn } from './en';

export const adminNl: typeof adminEn = {
  nav: {
    label: 'Beheer',
    home: 'Overzicht',
  },
  roles: {
    support: 'Support',
    security: 'Beveiliging',
    operator: 'Operator',
    'company-admin': 'Bedrijfsbeheerder',
  },
  home: {
    title: 'Beheer',
    intro: 'Aangemeld als {{name}}. Elke wijziging bevestig je met je authenticator-app of passkey.',
    rolesTitle: 'Je rollen',
    scope: { both: 'beide edities', general: 'algemene editie', lu: 'Luxemburgse editie' },
    company: 'bedrijf {{id}}',
  },
  refused: {
    title: 'Beheer',
    mfa: 'Medewerkers melden zich aan met een authenticator-app of een passkey. Stel er een in bij je beveiligingsinstellingen en kom dan terug.',
    setUp: 'Naar Beveiliging',
    notStaff: 'Je account heeft geen medewerkersrol.',
    portal: 'Naar je overzicht',
    error: 'De console kon niet worden geladen.',
    retry: 'Opnieuw proberen',
  },
};
