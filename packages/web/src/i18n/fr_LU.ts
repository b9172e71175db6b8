import { onboardingFrLU } from '../features/onboarding/i18n/fr_LU';
import type { Messages } from './en';
import type { Overlay } from './overlay';

/** French for the Luxembourg edition: only what differs from `fr`. */
export const frLU: Overlay<Messages> = {
  login: {
    phoneHint: 'Par exemple 621 123 456 ou +352 621 123 456.',
    invalid: { email: 'Saisissez une adresse e-mail valide, comme nom@exemple.lu.' },
  },
  recovery: {
    forgotPassword: {
      phoneHint: 'Par exemple 621 123 456 ou +352 621 123 456.',
      invalid: { email: 'Saisissez une adresse e-mail valide, comme nom@exemple.lu.' },
    },
    forgotUsername: {
      intro:
        "Votre nom d'utilisateur est l'adresse e-mail ou le numéro de téléphone avec lequel vous vous connectez. Retrouvez-le avec votre carte ou votre numéro d'identification national.",
      tabNrn: "Numéro d'identification",
      nrn: "Numéro d'identification national",
      nrnHint:
        "Les 13 chiffres de votre numéro d'identification national (matricule), par exemple 1985 0730 123 41.",
      required: { nrn: "Saisissez votre numéro d'identification national." },
    },
  },
  mfa: { setup: { contact: { phoneHint: 'Par exemple 621 123 456 ou +352 621 123 456.' } } },
  profile: {
    contact: {
      emailHint: 'Par exemple nom@exemple.lu.',
      phoneHint: 'Par exemple 621 123 456 ou +352 621 123 456.',
    },
    credentials: { hint: 'Par exemple nom@exemple.lu ou +352 621 123 456.' },
    iban: { hint: 'Par exemple LU28 0019 4006 4475 0000.' },
  },
  onboarding: onboardingFrLU,
  legal: {
    privacy: {
      authority:
        'Vous pouvez aussi introduire une plainte auprès de la Commission nationale pour la protection des données (cnpd.public.lu).',
    },
  },
};
