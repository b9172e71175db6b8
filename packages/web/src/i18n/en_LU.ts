import { onboardingEnLU } from '../features/onboarding/i18n/en_LU';
import type { Messages } from './en';
import type { Overlay } from './overlay';

/** English for the Luxembourg edition: only what differs from `en`. */
export const enLU: Overlay<Messages> = {
  login: {
    phoneHint: 'For example 621 123 456 or +352 621 123 456.',
    invalid: { email: 'Enter a valid e-mail address, like name@example.lu.' },
  },
  recovery: {
    forgotPassword: {
      phoneHint: 'For example 621 123 456 or +352 621 123 456.',
      invalid: { email: 'Enter a valid e-mail address, like name@example.lu.' },
    },
    forgotUsername: {
      intro:
        'Your username is the e-mail address or phone number you log in with. Find it with your card or your national identification number.',
      tabNrn: 'National ID number',
      nrn: 'National identification number',
      nrnHint:
        'The 13 digits of your national identification number (matricule), for example 1985 0730 123 41.',
      required: { nrn: 'Enter your national identification number.' },
    },
  },
  mfa: { setup: { contact: { phoneHint: 'For example 621 123 456 or +352 621 123 456.' } } },
  profile: {
    contact: {
      emailHint: 'For example name@example.lu.',
      phoneHint: 'For example 621 123 456 or +352 621 123 456.',
    },
    credentials: { hint: 'For example name@example.lu or +352 621 123 456.' },
    iban: { hint: 'For example LU28 0019 4006 4475 0000.' },
  },
  onboarding: onboardingEnLU,
  legal: {
    privacy: {
      authority:
        "You can also complain to Luxembourg's Commission nationale pour la protection des données (cnpd.public.lu).",
    },
  },
};
