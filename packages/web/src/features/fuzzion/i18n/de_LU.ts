import type { fuzzionEn } from './en';

export const fuzzionDeLU: typeof fuzzionEn = {
  title: 'Wir haben ein weiteres Konto gefunden',
  bannerEmail: 'Die E-Mail-Adresse {{target}} gehört bereits zu einem anderen Konto.',
  bannerSms: 'Die Telefonnummer {{target}} gehört bereits zu einem anderen Konto.',
  loading: 'Wird geladen…',
  ignore: 'Vorerst ignorieren',
  code: {
    intro:
      'Um die Konten zusammenzuführen oder zu trennen, bestätigen Sie zuerst, dass Sie das andere Konto nutzen können. Wählen Sie, wohin der Code gesendet wird.',
    listLabel: 'Kontakte des anderen Kontos',
    methodSms: 'SMS an {{target}}',
    methodEmail: 'E-Mail an {{target}}',
    none: 'Das andere Konto hat keinen Kontakt, an den wir einen Code senden können. Bitte kontaktieren Sie den Support.',
    sent: 'Wir haben einen Code an {{target}} gesendet.',
    label: 'Bestätigungscode',
    hint: '{{length}} Ziffern',
    submit: 'Bestätigen',
    submitting: 'Wird geprüft…',
    invalid: 'Ihr Code ist ungültig, versuchen Sie es erneut.',
    required: 'Geben Sie den erhaltenen Code ein.',
    another: 'Anderen Kontakt wählen',
  },
  ownership: {
    intro:
      'Gehört Ihnen das andere Konto? Weisen Sie es mit einer dieser Angaben nach oder teilen Sie uns mit, dass es nicht Ihres ist.',
    legend: 'Wie möchten Sie es nachweisen?',
    card: 'Die Nummer einer Karte dieses Kontos',
    passwordClient: 'Das Passwort dieses Kontos für den Kundenbereich',
    passwordEmployee: 'Das Passwort dieses Kontos für den Mitarbeiterbereich',
    cardLabel: 'Kartennummer',
    cardHint: '16 Ziffern, beginnend mit 5065',
    passwordLabel: 'Passwort des anderen Kontos',
    submit: 'Weiter',
    submitting: 'Wird geprüft…',
    notMe: 'Dieses Konto gehört nicht mir',
    required: 'Füllen Sie dieses Feld aus.',
  },
  decision: {
    intro: 'Beide Konten gehören Ihnen. Sollen sie im Konto zusammengeführt werden, das Sie gerade nutzen?',
    what1:
      'Ihr aktuelles Passwort wird das einzige Passwort, für alle Ihre E-Mail-Adressen und Telefonnummern.',
    what2:
      'Kontakte, Bestätigungsmethoden, Karten, Einwilligungen und App-Zugriffe wechseln zu diesem Konto.',
    what3: 'Das andere Konto wird geschlossen und überall abgemeldet.',
    merge: 'Konten zusammenführen',
    merging: 'Wird zusammengeführt…',
    refuse: 'Getrennt lassen',
  },
  reject: {
    title: 'Konten getrennt lassen',
    intro:
      'Wir entfernen {{target}} aus dem anderen Konto und behalten es in Ihrem. Das andere Konto behält seine übrigen Daten und sein Passwort.',
    confirm: 'Aus dem anderen Konto entfernen',
    confirming: 'Wird entfernt…',
    done: '{{target}} gehört jetzt nur noch zu Ihrem Konto.',
  },
  errors: {
    invalid: 'Die angegebenen Informationen sind ungültig',
    technical: 'Beim Zusammenführen der Konten ist ein technischer Fehler aufgetreten.',
    missing: 'Es läuft keine Zusammenführung.',
    home: 'Zu meinem Dashboard',
  },
  success: {
    title: 'Ihre Konten sind zusammengeführt',
    intro:
      'Alles befindet sich jetzt in einem Konto. Melden Sie sich ab jetzt mit Ihrem aktuellen Passwort an.',
    home: 'Zu meinem Dashboard',
  },
};
