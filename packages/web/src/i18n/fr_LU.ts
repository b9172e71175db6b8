import type { Messages } from './en';
import type { Overlay } from './overlay';

/** French for the Luxembourg edition: only what differs from `fr`. */
export const frLU: Overlay<Messages> = {
  login: {
    phoneHint: 'Par exemple 621 123 456 ou +352 621 123 456.',
    invalid: { email: 'Saisissez une adresse e-mail valide, comme nom@exemple.lu.' },
  },
};
