import { catalogLanguage, checkedCatalogs } from '@vestibule/contract/i18n/plain';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import nl from './nl.json' with { type: 'json' };

// Texts of the portal's e-mails and SMS (docs/decisions/0044-branded-messages.md): one catalog per
// language, JSON with ICU MessageFormat that translators' tools read (decision 0083). One block per
// purpose (purposes.ts) and the shared parts (`common`); `{brand}` is the edition's brand name.
// English defines the keys: the other catalogs must have the same keys and arguments
// (test/delivery/messages.test.ts). SMS texts stay in the GSM-7 alphabet and carry no link (sms.ts).

export type MessageBundle = typeof en;

/** One catalog per language; the Luxembourg locales (fr_LU, en_LU, de_LU) read their language's. */
export const MESSAGE_BUNDLES = checkedCatalogs(
  { en, fr, nl, de },
  (language) => `${language}.json`,
) satisfies Record<string, MessageBundle>;
export type MessageLanguage = keyof typeof MESSAGE_BUNDLES;

/** The language of a stored locale (`fr_LU` → `fr`); English when the portal has no such catalog. */
export function messageLanguage(locale: string): MessageLanguage {
  return catalogLanguage(locale, Object.keys(MESSAGE_BUNDLES) as MessageLanguage[]);
}

/** Replaces {name} arguments; a value missing from `values` leaves nothing, never the raw name. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}
