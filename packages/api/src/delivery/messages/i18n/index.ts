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
type Catalog = { [key: string]: string | Catalog };

/**
 * The ICU messages `fill` renders as ICU would: text and `{name}` arguments. A plural, a select,
 * a format or ICU quoting (an apostrophe before a brace, a doubled one) is refused at start-up.
 */
const PLAIN_MESSAGE = /^(?:[^{}']|'(?![{}'])|\{\w+\})*$/u;

export function checkedCatalog<T extends Catalog>(catalog: T, file: string, path = ''): T {
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value !== 'string') checkedCatalog(value, file, `${path}${key}.`);
    else if (!PLAIN_MESSAGE.test(value))
      throw new Error(`${file}: ${path}${key}: only text and {name} arguments can be rendered in a message`);
  }
  return catalog;
}

/** One catalog per language; the Luxembourg locales (fr_LU, en_LU, de_LU) read their language's. */
export const MESSAGE_BUNDLES = {
  en: checkedCatalog(en, 'en.json'),
  fr: checkedCatalog(fr, 'fr.json'),
  nl: checkedCatalog(nl, 'nl.json'),
  de: checkedCatalog(de, 'de.json'),
} satisfies Record<string, MessageBundle>;
export type MessageLanguage = keyof typeof MESSAGE_BUNDLES;

/** The language of a stored locale (`fr_LU` → `fr`); English when the portal has no such catalog. */
export function messageLanguage(locale: string): MessageLanguage {
  const language = locale.slice(0, 2).toLowerCase();
  return language in MESSAGE_BUNDLES ? (language as MessageLanguage) : 'en';
}

/** Replaces {name} arguments; a value missing from `values` leaves nothing, never the raw name. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}
