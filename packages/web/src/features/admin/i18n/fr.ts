import type { adminEn } from './en';

export const adminFr: typeof adminEn = {
  nav: {
    label: 'Administration',
    home: 'Aperçu',
  },
  roles: {
    support: 'Support',
    security: 'Sécurité',
    operator: 'Exploitation',
    'company-admin': "Administrateur d'entreprise",
  },
  home: {
    title: 'Administration',
    intro:
      "Connecté en tant que {{name}}. Chaque modification vous demande de confirmer avec votre application d'authentification ou votre clé d'accès.",
    rolesTitle: 'Vos rôles',
    scope: { both: 'les deux éditions', general: 'édition générale', lu: 'édition luxembourgeoise' },
    company: 'entreprise {{id}}',
  },
  refused: {
    title: 'Administration',
    mfa: "Le personnel se connecte avec une application d'authentification ou une clé d'accès. Configurez-en une dans vos paramètres de sécurité, puis revenez.",
    setUp: 'Aller à Sécurité',
    notStaff: "Votre compte n'a aucun rôle du personnel.",
    portal: 'Aller à votre tableau de bord',
    error: "La console n'a pas pu se charger.",
    retry: 'Réessayer',
  },
};
