import type { Overlay } from '../../../i18n/overlay';
import type { onboardingEn } from './en';

/** Onboarding in French for the Luxembourg edition: only what differs. */
export const onboardingFrLU: Overlay<typeof onboardingEn> = {
  create: { invalidEmail: 'Saisissez une adresse e-mail valide, comme nom@exemple.lu.' },
  phone: { hint: 'Par exemple 621 123 456 ou +352 621 123 456.' },
};
