// Texts of one-time-code messages, in the user's language (en, fr, nl, de; LU locales use their
// base language). Placeholders: {code}, {brand}, {minutes}.

type Language = 'en' | 'fr' | 'nl' | 'de';

interface CodeTexts {
  subject: string;
  email: string;
  sms: string;
}

const TEXTS: Record<Language, CodeTexts> = {
  en: {
    subject: '{brand}: your verification code',
    email:
      'Your {brand} verification code is {code}.\n\nIt is valid for {minutes} minutes. If you did not ask for it, ignore this message and consider changing your password.',
    sms: '{code} is your {brand} verification code. Valid {minutes} min. Never share it.',
  },
  fr: {
    subject: '{brand} : votre code de vérification',
    email:
      "Votre code de vérification {brand} est {code}.\n\nIl est valable {minutes} minutes. Si vous ne l'avez pas demandé, ignorez ce message et pensez à changer votre mot de passe.",
    sms: '{code} est votre code de vérification {brand}. Valable {minutes} min. Ne le partagez jamais.',
  },
  nl: {
    subject: '{brand}: je verificatiecode',
    email:
      'Je {brand}-verificatiecode is {code}.\n\nDe code is {minutes} minuten geldig. Heb je hem niet aangevraagd? Negeer dan dit bericht en overweeg je wachtwoord te wijzigen.',
    sms: '{code} is je {brand}-verificatiecode. {minutes} min geldig. Deel hem nooit.',
  },
  de: {
    subject: '{brand}: Ihr Bestätigungscode',
    email:
      'Ihr {brand}-Bestätigungscode lautet {code}.\n\nEr ist {minutes} Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht und ändern Sie am besten Ihr Passwort.',
    sms: '{code} ist Ihr {brand}-Bestätigungscode. {minutes} Min. gültig. Niemals weitergeben.',
  },
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}

/** The message carrying a code, in the language of `locale` (a user's `language`, e.g. fr_LU). */
export function codeMessage(
  channel: 'sms' | 'email',
  locale: string,
  values: { code: string; brand: string; minutes: number },
): { subject?: string; bodyText: string } {
  const language = (
    locale.slice(0, 2).toLowerCase() in TEXTS ? locale.slice(0, 2).toLowerCase() : 'en'
  ) as Language;
  const texts = TEXTS[language];
  const filled = { code: values.code, brand: values.brand, minutes: String(values.minutes) };
  if (channel === 'sms') return { bodyText: fill(texts.sms, filled) };
  return { subject: fill(texts.subject, filled), bodyText: fill(texts.email, filled) };
}

export const CODE_MESSAGE_LANGUAGES = Object.keys(TEXTS) as Language[];
