import type { handoverEn } from './en';

export const handoverFr: typeof handoverEn = {
  title: 'Continuer en tant que {{firstname}} ?',
  titleAnonymous: 'Continuer avec ce compte ?',
  intro:
    "Un lien vous connecte au compte de {{firstname}}. Continuez uniquement s'il s'agit de votre compte et que vous avez ouvert ce lien vous-même.",
  introAnonymous:
    "Un lien vous connecte à un autre compte. Continuez uniquement s'il s'agit de votre compte et que vous avez ouvert ce lien vous-même.",
  signedIn:
    'Vous êtes connecté en tant que {{firstname}} : continuer vous déconnecte de ce compte dans ce navigateur.',
  continue: 'Continuer en tant que {{firstname}}',
  continueAnonymous: 'Continuer',
  cancel: 'Non, annuler',
  checking: 'Vérification du lien…',
  expired: "Ce lien n'est plus valable. Ouvrez-le à nouveau depuis l'application qui l'a envoyé.",
  back: 'Continuer sans ce lien',
};
