// "Your password was changed from the Security tab": sent to every verified contact in the
// change's transaction (outbox), with the way back if it was not them: the forgot-password page.
// Unlike the reset notice (recovery), other devices may still be logged in: the text says so.
// Placeholders: {brand}, {link}.

type Language = 'en' | 'fr' | 'nl' | 'de';

const TEXTS: Record<Language, { subject: string; email: string; sms: string }> = {
  en: {
    subject: '{brand}: your password was changed',
    email:
      'The password of your {brand} account was just changed in your security settings.\n\nIf you did this, there is nothing more to do.\n\nIf it was not you, take your account back now: choose a new password at {link} with a code sent to this address. This logs out every device. Then contact our support.',
    sms: '{brand}: your password was changed. Not you? Reset it now at {link}',
  },
  fr: {
    subject: '{brand} : votre mot de passe a été modifié',
    email:
      "Le mot de passe de votre compte {brand} vient d'être modifié dans vos paramètres de sécurité.\n\nSi c'est vous, il n'y a rien d'autre à faire.\n\nSi ce n'est pas vous, reprenez votre compte maintenant : choisissez un nouveau mot de passe sur {link} avec un code envoyé à cette adresse. Tous les appareils seront déconnectés. Contactez ensuite notre support.",
    sms: "{brand} : votre mot de passe a été modifié. Ce n'est pas vous ? Réinitialisez-le sur {link}",
  },
  nl: {
    subject: '{brand}: je wachtwoord is gewijzigd',
    email:
      'Het wachtwoord van je {brand}-account is net gewijzigd in je beveiligingsinstellingen.\n\nWas jij dit? Dan hoef je niets meer te doen.\n\nWas jij het niet? Neem je account nu terug: kies een nieuw wachtwoord op {link} met een code die naar dit adres wordt gestuurd. Alle toestellen worden dan afgemeld. Neem daarna contact op met onze support.',
    sms: '{brand}: je wachtwoord is gewijzigd. Niet jij? Herstel het nu op {link}',
  },
  de: {
    subject: '{brand}: Ihr Passwort wurde geändert',
    email:
      'Das Passwort Ihres {brand}-Kontos wurde soeben in Ihren Sicherheitseinstellungen geändert.\n\nWenn Sie das waren, ist nichts weiter zu tun.\n\nWenn nicht, holen Sie sich Ihr Konto jetzt zurück: Wählen Sie unter {link} mit einem an diese Adresse gesendeten Code ein neues Passwort. Dabei werden alle Geräte abgemeldet. Kontaktieren Sie dann unseren Support.',
    sms: '{brand}: Ihr Passwort wurde geändert. Nicht Sie? Jetzt zurücksetzen: {link}',
  },
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}

/** The notice in the language of `locale` (a user's `language`, e.g. fr_LU → French). */
export function passwordChangedNotice(
  channel: 'sms' | 'email',
  locale: string,
  values: { brand: string; link: string },
): { subject?: string; bodyText: string } {
  const code = locale.slice(0, 2).toLowerCase();
  const texts = TEXTS[(code in TEXTS ? code : 'en') as Language];
  if (channel === 'sms') return { bodyText: fill(texts.sms, values) };
  return { subject: fill(texts.subject, values), bodyText: fill(texts.email, values) };
}
