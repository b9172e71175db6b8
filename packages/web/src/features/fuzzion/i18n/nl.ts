import type { fuzzionEn } from './en';

export const fuzzionNl: typeof fuzzionEn = {
  title: 'We hebben een ander account gevonden',
  bannerEmail: 'Het e-mailadres {{target}} hoort al bij een ander account.',
  bannerSms: 'Het telefoonnummer {{target}} hoort al bij een ander account.',
  loading: 'Laden…',
  ignore: 'Nu negeren',
  code: {
    intro:
      'Om de accounts samen te voegen of te scheiden, bevestig je eerst dat je het andere account kunt gebruiken. Kies waar je een code wilt ontvangen.',
    listLabel: 'Contacten van het andere account',
    methodSms: 'Sms naar {{target}}',
    methodEmail: 'E-mail naar {{target}}',
    none: 'Het andere account heeft geen contact waarnaar we een code kunnen sturen. Neem contact op met support.',
    sent: 'We hebben een code gestuurd naar {{target}}.',
    label: 'Verificatiecode',
    hint: '{{length}} cijfers',
    submit: 'Bevestigen',
    submitting: 'Controleren…',
    invalid: 'Je code is ongeldig, probeer opnieuw.',
    required: 'Vul de ontvangen code in.',
    another: 'Kies een ander contact',
  },
  ownership: {
    intro:
      'Is het andere account van jou? Bewijs het met een van deze gegevens, of laat ons weten dat het niet van jou is.',
    legend: 'Hoe wil je het bewijzen?',
    card: 'Het nummer van een kaart van dat account',
    passwordClient: 'Het wachtwoord van dat account voor de klantenzone',
    passwordEmployee: 'Het wachtwoord van dat account voor de werknemerszone',
    cardLabel: 'Kaartnummer',
    cardHint: '16 cijfers, beginnend met 5065',
    passwordLabel: 'Wachtwoord van het andere account',
    submit: 'Doorgaan',
    submitting: 'Controleren…',
    notMe: 'Dit account is niet van mij',
    required: 'Vul dit veld in.',
  },
  decision: {
    intro: 'Beide accounts zijn van jou. Samenvoegen in het account dat je nu gebruikt?',
    what1: 'Je huidige wachtwoord wordt het enige wachtwoord, voor al je e-mailadressen en telefoonnummers.',
    what2: 'Contacten, verificatiemethoden, kaarten, toestemmingen en app-toegang gaan naar dit account.',
    what3: 'Het andere account wordt gesloten en overal afgemeld.',
    merge: 'Accounts samenvoegen',
    merging: 'Samenvoegen…',
    refuse: 'Gescheiden houden',
  },
  reject: {
    title: 'De accounts gescheiden houden',
    intro:
      'We verwijderen {{target}} uit het andere account en houden het op het jouwe. Het andere account behoudt zijn andere gegevens en wachtwoord.',
    confirm: 'Verwijderen uit het andere account',
    confirming: 'Verwijderen…',
    done: '{{target}} hoort nu alleen bij jouw account.',
  },
  errors: {
    invalid: 'De opgegeven informatie is ongeldig',
    technical: 'Er is een technische fout opgetreden bij het samenvoegen van de accounts.',
    missing: 'Er is geen samenvoeging bezig.',
    home: 'Naar mijn dashboard',
  },
  success: {
    title: 'Je accounts zijn samengevoegd',
    intro: 'Alles staat nu in één account. Log voortaan in met je huidige wachtwoord.',
    home: 'Naar mijn dashboard',
  },
};
