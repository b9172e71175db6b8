import type { handoverEn } from './en';

export const handoverDeLU: typeof handoverEn = {
  title: 'Als {{firstname}} fortfahren?',
  titleAnonymous: 'Mit diesem Konto fortfahren?',
  intro:
    'Ein Link meldet Sie beim Konto von {{firstname}} an. Fahren Sie nur fort, wenn dies Ihr Konto ist und Sie diesen Link selbst geöffnet haben.',
  introAnonymous:
    'Ein Link meldet Sie bei einem anderen Konto an. Fahren Sie nur fort, wenn dies Ihr Konto ist und Sie diesen Link selbst geöffnet haben.',
  signedIn:
    'Sie sind jetzt als {{firstname}} angemeldet: Wenn Sie fortfahren, werden Sie in diesem Browser von diesem Konto abgemeldet.',
  continue: 'Als {{firstname}} fortfahren',
  continueAnonymous: 'Fortfahren',
  cancel: 'Nein, abbrechen',
  checking: 'Der Link wird geprüft…',
  expired: 'Dieser Link ist nicht mehr gültig. Öffnen Sie ihn erneut in der Anwendung, die ihn gesendet hat.',
  back: 'Ohne den Link fortfahren',
};
