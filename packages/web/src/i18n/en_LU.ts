import type { Messages } from './en';
import type { Overlay } from './overlay';

/** English for the Luxembourg edition: only what differs from `en`. */
export const enLU: Overlay<Messages> = {
  login: {
    phoneHint: 'For example 621 123 456 or +352 621 123 456.',
    invalid: { email: 'Enter a valid e-mail address, like name@example.lu.' },
  },
};
