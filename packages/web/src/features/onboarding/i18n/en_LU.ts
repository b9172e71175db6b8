import type { Overlay } from '../../../i18n/overlay';
import type { onboardingEn } from './en';

/** Onboarding in English for the Luxembourg edition: only what differs. */
export const onboardingEnLU: Overlay<typeof onboardingEn> = {
  create: { invalidEmail: 'Enter a valid e-mail address, like name@example.lu.' },
  phone: { hint: 'For example 621 123 456 or +352 621 123 456.' },
};
