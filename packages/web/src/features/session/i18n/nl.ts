import type { handoverEn } from './en';

export const handoverNl: typeof handoverEn = {
  title: 'Doorgaan als {{firstname}}?',
  titleAnonymous: 'Doorgaan met dit account?',
  intro:
    'Een link meldt u aan bij het account van {{firstname}}. Ga alleen door als dit uw account is en u deze link zelf hebt geopend.',
  introAnonymous:
    'Een link meldt u aan bij een ander account. Ga alleen door als dit uw account is en u deze link zelf hebt geopend.',
  signedIn: 'U bent nu aangemeld als {{firstname}}: doorgaan meldt u in deze browser af bij dat account.',
  continue: 'Doorgaan als {{firstname}}',
  continueAnonymous: 'Doorgaan',
  cancel: 'Nee, annuleren',
  checking: 'De link wordt gecontroleerd…',
  expired: 'Deze link is niet meer geldig. Open hem opnieuw vanuit de toepassing die hem stuurde.',
  back: 'Verder zonder de link',
};
