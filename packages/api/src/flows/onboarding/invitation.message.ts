// The invitation e-mail (en, fr, nl, de; Luxembourg locales use their base language).
// Placeholders: {brand}, {company}, {code}, {link}, {date}.

type Language = 'en' | 'fr' | 'nl' | 'de';

const TEXTS: Record<Language, { subject: string; body: string }> = {
  en: {
    subject: '{company} invites you to {brand}',
    body: '{company} invites you to create your {brand} account.\n\nYour invitation code: {code}\n\nStart here: {link}\nChoose "I received an e-mail invitation" and enter the code. It is valid until {date} and can be used once.\n\nIf you were not expecting this invitation, ignore this message.',
  },
  fr: {
    subject: '{company} vous invite sur {brand}',
    body: "{company} vous invite à créer votre compte {brand}.\n\nVotre code d'invitation : {code}\n\nCommencez ici : {link}\nChoisissez « J'ai reçu une invitation par e-mail » et saisissez le code. Il est valable jusqu'au {date} et ne peut être utilisé qu'une fois.\n\nSi vous n'attendiez pas cette invitation, ignorez ce message.",
  },
  nl: {
    subject: '{company} nodigt je uit op {brand}',
    body: '{company} nodigt je uit om je {brand}-account aan te maken.\n\nJe uitnodigingscode: {code}\n\nBegin hier: {link}\nKies "Ik heb een uitnodiging per e-mail ontvangen" en vul de code in. Hij is geldig tot {date} en kan één keer gebruikt worden.\n\nVerwachtte je deze uitnodiging niet? Negeer dan dit bericht.',
  },
  de: {
    subject: '{company} lädt Sie zu {brand} ein',
    body: '{company} lädt Sie ein, Ihr {brand}-Konto zu erstellen.\n\nIhr Einladungscode: {code}\n\nHier beginnen: {link}\nWählen Sie „Ich habe eine Einladung per E-Mail erhalten“ und geben Sie den Code ein. Er ist bis zum {date} gültig und kann einmal verwendet werden.\n\nWenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese Nachricht.',
  },
};

export function invitationMessage(
  locale: string,
  values: { brand: string; company: string; code: string; link: string; expiresAt: Date },
): { subject: string; bodyText: string } {
  const language = (locale.slice(0, 2) in TEXTS ? locale.slice(0, 2) : 'en') as Language;
  const filled: Record<string, string> = {
    brand: values.brand,
    company: values.company,
    code: values.code,
    link: values.link,
    date: values.expiresAt.toISOString().slice(0, 10),
  };
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_m, name: string) => filled[name] ?? '');
  return { subject: fill(TEXTS[language].subject), bodyText: fill(TEXTS[language].body) };
}
