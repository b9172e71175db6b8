import { brandOf, type MessageBrand } from './brand';
import { fill, MESSAGE_BUNDLES, type MessageBundle, messageLanguage } from './i18n';
import type { Purpose, PurposeValues } from './purposes';

type Filled<T> = { [K in keyof T]: T[K] extends string ? string : never };

/** Everything a template needs, its texts already in the recipient's language and filled. */
export interface MessageContext<P extends Purpose = Purpose> {
  purpose: P;
  /** BCP 47 language of the message (`fr-LU`), for <html lang> and dates. */
  lang: string;
  brand: MessageBrand;
  texts: Filled<MessageBundle[P]>;
  common: Filled<Omit<MessageBundle['common'], 'methods'>>;
  values: PurposeValues[P];
  /**
   * An absolute address on the edition's public origin (PUBLIC_URL / PUBLIC_URL_LU): the only way
   * a template builds a link, so no link ever points at a host taken from a request.
   */
  link(path: string): string;
}

export interface ContextInput<P extends Purpose> {
  purpose: P;
  edition: string;
  /** The recipient's stored language (users.language, e.g. `fr_LU`). */
  locale: string;
  values: PurposeValues[P];
  /** The edition's public origin, from the configuration. */
  publicOrigin: string;
}

function fillAll<T extends object>(block: T, values: Record<string, string>): Filled<T> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(block))
    if (typeof text === 'string') out[key] = fill(text, values);
  return out as Filled<T>;
}

/** The placeholder values of a message: its own values written out, plus the brand's. */
function placeholderValues(input: ContextInput<Purpose>, brand: MessageBrand, lang: string) {
  const bundle = MESSAGE_BUNDLES[messageLanguage(input.locale)];
  const values = input.values as Partial<Record<string, unknown>>;
  const out: Record<string, string> = {
    brand: brand.name,
    email: brand.support.email,
    phone: brand.support.phone,
  };
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number') out[name] = String(value);
  }
  if (values.method) out.method = bundle.common.methods[values.method as keyof typeof bundle.common.methods];
  const dateOnly = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: brand.timeZone });
  const dateTime = new Intl.DateTimeFormat(lang, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: brand.timeZone,
  });
  if (values.at instanceof Date) out.date = dateTime.format(values.at);
  if (values.expiresAt instanceof Date) out.date = dateOnly.format(values.expiresAt);
  return out;
}

/** The context of one message: bundle of the recipient's language, brand of the edition. */
export function messageContext<P extends Purpose>(input: ContextInput<P>): MessageContext<P> {
  const brand = brandOf(input.edition);
  const language = messageLanguage(input.locale);
  const lang = brand.edition === 'lu' ? `${language}-LU` : language === 'en' ? 'en' : `${language}-BE`;
  const bundle = MESSAGE_BUNDLES[language];
  const values = placeholderValues(input as ContextInput<Purpose>, brand, lang);
  const { methods: _methods, ...common } = bundle.common;
  const origin = input.publicOrigin.replace(/\/$/, '');
  return {
    purpose: input.purpose,
    lang,
    brand,
    texts: fillAll(bundle[input.purpose] as MessageBundle[P], values) as Filled<MessageBundle[P]>,
    common: fillAll(common, values),
    values: input.values,
    link: (path) => {
      if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`not a path: ${path}`);
      return `${origin}${path}`;
    },
  };
}
