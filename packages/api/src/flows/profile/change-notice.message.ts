// "Your account changed" notices (issue 6): contact, login and IBAN changes, sent to the old and
// the new addresses, with the way to report it was not them — the forgot-password page, which
// takes the account back with a code (as 0008-recovery). Placeholders: {brand}, {contact},
// {last4}, {link}. No notice carries a code or an 8-digit number.

export type ChangeEvent =
  | 'contact_added'
  | 'contact_updated'
  | 'contact_removed'
  | 'primary_changed'
  | 'login_changed'
  | 'iban_changed'
  | 'passkey_removed';

type Language = 'en' | 'fr' | 'nl' | 'de';

interface Texts {
  subject: string;
  body: string;
  sms: string;
  what: Record<ChangeEvent, string>;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: '{brand}: your account details were changed',
    body: '{what}\n\nIf you did this, there is nothing more to do.\n\nIf it was not you, take your account back now: choose a new password at {link} with a code sent to one of your addresses, then contact our support.',
    sms: '{brand}: {what} Not you? Reset your password now at {link}',
    what: {
      contact_added: '{contact} was added to your {brand} account.',
      contact_updated: 'A contact of your {brand} account was changed to {contact}.',
      contact_removed: '{contact} was removed from your {brand} account.',
      primary_changed: '{contact} is now a primary contact of your {brand} account.',
      login_changed: 'The login of your {brand} account was changed to {contact}.',
      iban_changed: 'The bank account (IBAN) of your {brand} account was changed to one ending in {last4}.',
      passkey_removed: 'A passkey was deleted from your {brand} account.',
    },
  },
  fr: {
    subject: '{brand} : les données de votre compte ont été modifiées',
    body: "{what}\n\nSi c'est vous, il n'y a rien d'autre à faire.\n\nSi ce n'est pas vous, reprenez votre compte maintenant : choisissez un nouveau mot de passe sur {link} avec un code envoyé à l'une de vos adresses, puis contactez notre support.",
    sms: "{brand} : {what} Ce n'est pas vous ? Réinitialisez votre mot de passe sur {link}",
    what: {
      contact_added: '{contact} a été ajouté à votre compte {brand}.',
      contact_updated: 'Un contact de votre compte {brand} a été remplacé par {contact}.',
      contact_removed: '{contact} a été retiré de votre compte {brand}.',
      primary_changed: '{contact} est désormais un contact principal de votre compte {brand}.',
      login_changed: "L'identifiant de votre compte {brand} a été remplacé par {contact}.",
      iban_changed:
        'Le compte bancaire (IBAN) de votre compte {brand} a été remplacé par un compte se terminant par {last4}.',
      passkey_removed: "Une clé d'accès a été supprimée de votre compte {brand}.",
    },
  },
  nl: {
    subject: '{brand}: je accountgegevens zijn gewijzigd',
    body: '{what}\n\nWas jij dit? Dan hoef je niets meer te doen.\n\nWas jij het niet? Neem je account nu terug: kies een nieuw wachtwoord op {link} met een code die naar een van je adressen wordt gestuurd, en neem daarna contact op met onze support.',
    sms: '{brand}: {what} Niet jij? Herstel je wachtwoord nu op {link}',
    what: {
      contact_added: '{contact} is toegevoegd aan je {brand}-account.',
      contact_updated: 'Een contact van je {brand}-account is gewijzigd in {contact}.',
      contact_removed: '{contact} is verwijderd uit je {brand}-account.',
      primary_changed: '{contact} is nu een hoofdcontact van je {brand}-account.',
      login_changed: 'De gebruikersnaam van je {brand}-account is gewijzigd in {contact}.',
      iban_changed:
        'De bankrekening (IBAN) van je {brand}-account is gewijzigd in een rekening eindigend op {last4}.',
      passkey_removed: 'Er is een passkey verwijderd uit je {brand}-account.',
    },
  },
  de: {
    subject: '{brand}: Ihre Kontodaten wurden geändert',
    body: '{what}\n\nWenn Sie das waren, ist nichts weiter zu tun.\n\nWenn nicht, holen Sie sich Ihr Konto jetzt zurück: Wählen Sie unter {link} mit einem an eine Ihrer Adressen gesendeten Code ein neues Passwort und kontaktieren Sie dann unseren Support.',
    sms: '{brand}: {what} Nicht Sie? Passwort jetzt zurücksetzen: {link}',
    what: {
      contact_added: '{contact} wurde Ihrem {brand}-Konto hinzugefügt.',
      contact_updated: 'Ein Kontakt Ihres {brand}-Kontos wurde in {contact} geändert.',
      contact_removed: '{contact} wurde aus Ihrem {brand}-Konto entfernt.',
      primary_changed: '{contact} ist jetzt ein Hauptkontakt Ihres {brand}-Kontos.',
      login_changed: 'Der Benutzername Ihres {brand}-Kontos wurde in {contact} geändert.',
      iban_changed:
        'Das Bankkonto (IBAN) Ihres {brand}-Kontos wurde in ein Konto mit der Endung {last4} geändert.',
      passkey_removed: 'Ein Passkey wurde aus Ihrem {brand}-Konto gelöscht.',
    },
  },
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}

/** The notice in the language of `locale` (a user's `language`, e.g. fr_LU → French). */
export function changeNotice(
  channel: 'sms' | 'email',
  locale: string,
  event: ChangeEvent,
  values: { brand: string; link: string; contact?: string; last4?: string },
): { subject?: string; bodyText: string } {
  const code = locale.slice(0, 2).toLowerCase();
  const texts = TEXTS[(code in TEXTS ? code : 'en') as Language];
  const filled = {
    brand: values.brand,
    link: values.link,
    contact: values.contact ?? '',
    last4: values.last4 ?? '',
  };
  const what = fill(texts.what[event], filled);
  if (channel === 'sms') return { bodyText: fill(texts.sms, { ...filled, what }) };
  return { subject: fill(texts.subject, filled), bodyText: fill(texts.body, { ...filled, what }) };
}
