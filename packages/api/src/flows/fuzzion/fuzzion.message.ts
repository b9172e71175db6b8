import { EDITIONS, type EditionId } from '@vestibule/contract/editions';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { maskRecipient } from '../../delivery/mask';
import { enqueueMessage } from '../../delivery/outbox';
import { publicLink } from '../../http/public-origin';

// Notices of a merge or a refusal, written to the outbox in the merge's transaction and sent to
// the contacts of both accounts. Placeholders: {brand}, {contact}, {link}. No code in a notice.

export type FuzzionEvent = 'merged' | 'refused';
type Language = 'en' | 'fr' | 'nl' | 'de';

const TEXTS: Record<
  Language,
  { subject: string; body: string; sms: string; what: Record<FuzzionEvent, string> }
> = {
  en: {
    subject: '{brand}: your accounts were changed',
    body: '{what}\n\nIf you did this, there is nothing more to do.\n\nIf it was not you, choose a new password at {link} with a code sent to one of your addresses, then contact our support.',
    sms: '{brand}: {what} Not you? Reset your password at {link}',
    what: {
      merged:
        'Two {brand} accounts sharing {contact} were merged into one. Log in with the password of the account you kept.',
      refused:
        '{contact} was removed from one of your {brand} accounts: its owner kept the accounts separate.',
    },
  },
  fr: {
    subject: '{brand} : vos comptes ont été modifiés',
    body: "{what}\n\nSi c'est vous, il n'y a rien d'autre à faire.\n\nSi ce n'est pas vous, choisissez un nouveau mot de passe sur {link} avec un code envoyé à l'une de vos adresses, puis contactez notre support.",
    sms: "{brand} : {what} Ce n'est pas vous ? Réinitialisez votre mot de passe sur {link}",
    what: {
      merged:
        'Deux comptes {brand} partageant {contact} ont été fusionnés. Connectez-vous avec le mot de passe du compte conservé.',
      refused:
        '{contact} a été retiré de l’un de vos comptes {brand} : son titulaire a gardé les comptes séparés.',
    },
  },
  nl: {
    subject: '{brand}: je accounts zijn gewijzigd',
    body: '{what}\n\nWas jij dit? Dan hoef je niets meer te doen.\n\nWas jij het niet? Kies een nieuw wachtwoord op {link} met een code die naar een van je adressen wordt gestuurd, en neem daarna contact op met onze support.',
    sms: '{brand}: {what} Niet jij? Herstel je wachtwoord op {link}',
    what: {
      merged:
        'Twee {brand}-accounts met {contact} zijn samengevoegd. Log in met het wachtwoord van het account dat je hebt behouden.',
      refused:
        '{contact} is verwijderd uit een van je {brand}-accounts: de eigenaar hield de accounts gescheiden.',
    },
  },
  de: {
    subject: '{brand}: Ihre Konten wurden geändert',
    body: '{what}\n\nWenn Sie das waren, ist nichts weiter zu tun.\n\nWenn nicht, wählen Sie unter {link} ein neues Passwort mit einem Code, der an eine Ihrer Adressen gesendet wird, und kontaktieren Sie dann unseren Support.',
    sms: '{brand}: {what} Nicht Sie? Setzen Sie Ihr Passwort unter {link} zurück',
    what: {
      merged:
        'Zwei {brand}-Konten mit {contact} wurden zusammengeführt. Melden Sie sich mit dem Passwort des behaltenen Kontos an.',
      refused:
        '{contact} wurde aus einem Ihrer {brand}-Konten entfernt: Der Inhaber hat die Konten getrennt gehalten.',
    },
  },
};

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

export interface FuzzionRecipient {
  channel: 'email' | 'sms';
  address: string;
}

/** The verified contacts of an account, as notice recipients. */
export async function contactsOf(db: Db, userId: number): Promise<FuzzionRecipient[]> {
  const emails = await db
    .selectFrom('user_emails')
    .select('address')
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .execute();
  const phones = await db
    .selectFrom('user_phones')
    .select('number')
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .execute();
  return [
    ...emails.map((e) => ({ channel: 'email' as const, address: e.address })),
    ...phones.map((p) => ({ channel: 'sms' as const, address: p.number })),
  ];
}

/** Writes the notice once per address, in the caller's transaction (outbox). */
export async function notifyFuzzion(
  trx: Db,
  request: FastifyRequest,
  account: { edition: string; language: string },
  event: FuzzionEvent,
  contact: string,
  to: FuzzionRecipient[],
): Promise<void> {
  const language = account.language.slice(0, 2);
  const texts = TEXTS[language in TEXTS ? (language as Language) : 'en'];
  const brand = EDITIONS[account.edition as EditionId]?.brandName ?? 'Vestibule';
  const values = {
    brand,
    contact: maskRecipient(contact),
    link: publicLink(request.server.ctx.config, account.edition as EditionId, '/forgot-password'),
  };
  const what = fill(texts.what[event], values);
  const seen = new Set<string>();
  for (const recipient of to) {
    if (seen.has(recipient.address)) continue;
    seen.add(recipient.address);
    await enqueueMessage(trx, request.server.ctx.secrets, {
      channel: recipient.channel,
      edition: account.edition,
      recipient: recipient.address,
      ...(recipient.channel === 'email' ? { subject: fill(texts.subject, values) } : {}),
      bodyText: fill(recipient.channel === 'email' ? texts.body : texts.sms, { ...values, what }),
    });
  }
}
