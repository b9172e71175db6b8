import type { adminEn } from './en';

export const adminDeLU: typeof adminEn = {
  nav: {
    label: 'Verwaltung',
    home: 'Übersicht',
  },
  roles: {
    support: 'Support',
    security: 'Sicherheit',
    operator: 'Betrieb',
    'company-admin': 'Firmenadministrator',
  },
  home: {
    title: 'Verwaltung',
    intro:
      'Angemeldet als {{name}}. Jede Änderung bestätigen Sie mit Ihrer Authenticator-App oder Ihrem Passkey.',
    rolesTitle: 'Ihre Rollen',
    scope: { both: 'beide Editionen', general: 'allgemeine Edition', lu: 'luxemburgische Edition' },
    company: 'Firma {{id}}',
  },
  refused: {
    title: 'Verwaltung',
    mfa: 'Mitarbeitende melden sich mit einer Authenticator-App oder einem Passkey an. Richten Sie eines in Ihren Sicherheitseinstellungen ein und kommen Sie dann zurück.',
    setUp: 'Zu Sicherheit',
    notStaff: 'Ihr Konto hat keine Mitarbeiterrolle.',
    portal: 'Zu Ihrer Übersicht',
    error: 'Die Konsole konnte nicht geladen werden.',
    retry: 'Erneut versuchen',
  },
};
