import type { fuzzionEn } from './en';

export const fuzzionFr: typeof fuzzionEn = {
  title: 'Nous avons trouvé un autre compte',
  bannerEmail: "L'adresse e-mail {{target}} appartient déjà à un autre compte.",
  bannerSms: 'Le numéro de téléphone {{target}} appartient déjà à un autre compte.',
  loading: 'Chargement…',
  ignore: 'Ignorer pour le moment',
  code: {
    intro:
      "Pour fusionner ou séparer les comptes, confirmez d'abord que vous pouvez utiliser l'autre compte. Choisissez où recevoir un code.",
    listLabel: "Contacts de l'autre compte",
    methodSms: 'SMS au {{target}}',
    methodEmail: 'E-mail à {{target}}',
    none: "L'autre compte n'a aucun contact auquel envoyer un code. Veuillez contacter le support.",
    sent: 'Nous avons envoyé un code à {{target}}.',
    label: 'Code de vérification',
    hint: '{{length}} chiffres',
    submit: 'Confirmer',
    submitting: 'Vérification…',
    invalid: 'Votre code est invalide, réessayez.',
    required: 'Saisissez le code reçu.',
    another: 'Choisir un autre contact',
  },
  ownership: {
    intro:
      "L'autre compte est-il à vous ? Prouvez-le avec l'un de ces éléments, ou dites-nous qu'il n'est pas à vous.",
    legend: 'Comment voulez-vous le prouver ?',
    card: "Le numéro d'une carte de ce compte",
    passwordClient: "Le mot de passe de ce compte sur l'espace client",
    passwordEmployee: "Le mot de passe de ce compte sur l'espace employé",
    cardLabel: 'Numéro de carte',
    cardHint: '16 chiffres, commençant par 5065',
    passwordLabel: "Mot de passe de l'autre compte",
    submit: 'Continuer',
    submitting: 'Vérification…',
    notMe: "Ce compte n'est pas à moi",
    required: 'Remplissez ce champ.',
  },
  decision: {
    intro: 'Les deux comptes sont à vous. Les fusionner dans le compte que vous utilisez maintenant ?',
    what1:
      'Votre mot de passe actuel devient le seul mot de passe, pour toutes vos adresses e-mail et tous vos numéros.',
    what2:
      "Les contacts, méthodes de vérification, cartes, consentements et accès d'applications passent sur ce compte.",
    what3: "L'autre compte est fermé et déconnecté partout.",
    merge: 'Fusionner les comptes',
    merging: 'Fusion…',
    refuse: 'Les garder séparés',
  },
  reject: {
    title: 'Garder les comptes séparés',
    intro:
      "Nous retirerons {{target}} de l'autre compte et le garderons sur le vôtre. L'autre compte garde ses autres données et son mot de passe.",
    confirm: "Le retirer de l'autre compte",
    confirming: 'Retrait…',
    done: "{{target}} n'appartient plus qu'à votre compte.",
  },
  errors: {
    invalid: 'Les informations fournies sont invalides',
    technical: 'Une erreur technique est survenue lors de la fusion des comptes.',
    missing: "Aucune fusion n'est en cours.",
    home: 'Aller à mon tableau de bord',
  },
  success: {
    title: 'Vos comptes sont fusionnés',
    intro:
      'Tout se trouve désormais dans un seul compte. Connectez-vous dorénavant avec votre mot de passe actuel.',
    home: 'Aller à mon tableau de bord',
  },
};
