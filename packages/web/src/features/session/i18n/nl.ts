import type { handoverEn } from './en';

export const handoverNl: typeof handoverEn = {
  title: 'Doorgaan als {{firstname}}?',
  titleAnonymous: 'Doorgaan met dit account?',
  intro:
    'Een link meldt je aan bij het account van {{firstname}}. Ga alleen door als dit jouw account is en je deze link zelf hebt geopend.',
  introAnonymous:
    'Een link meldt je aan bij een ander account. Ga alleen door als dit jouw account is en je deze link zelf hebt geopend.',
  signedIn: 'Je bent nu aangemeld als {{firstname}}: doorgaan meldt je in deze browser af bij dat account.',
  continue: 'Doorgaan als {{firstname}}',
  continueAnonymous: 'Doorgaan',
  cancel: 'Nee, annuleren',
  checking: 'De link wordt gecontroleerd…',
  expired: 'Deze link is niet meer geldig. Open hem opnieuw vanuit de toepassing die hem stuurde.',
  back: 'Verder zonder de link',
};
