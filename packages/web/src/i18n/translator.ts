import type { PLURAL_CATEGORIES, Texts } from './icu';
import type { TextKey } from './keys';

// The texts' store and lookup: what the SPA used of i18next (nested keys, `{{name}}` interpolation,
// `_one`/`_other` plurals chosen by Intl.PluralRules, one namespace, fixed-language lookups), in
// about a kilobyte instead of fifteen on the login page's budget (decision 0054). The catalogs'
// ICU messages reach it in that shape, converted by the build (icu.ts, decision 0083). Every
// catalog is complete (catalogs.test.ts), so there is no fallback language: a missing key shows itself.

type PluralSuffix = (typeof PLURAL_CATEGORIES)[number];

export type { TextKey };
export type TextOptions = Record<string, string | number | null | undefined>;
export type TFunction = (key: TextKey, options?: TextOptions) => string;

const INTERPOLATION = /{{\s*([\w.]+)\s*}}/g;

function lookup(texts: Texts | undefined, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function merge(into: Texts, from: Texts): void {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    if (typeof value === 'object' && typeof current === 'object') merge(current, value);
    else into[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralOf(locale: string, count: number): PluralSuffix {
  const tag = locale.replace('_', '-');
  let rules = pluralRules.get(tag);
  if (!rules) {
    rules = new Intl.PluralRules(tag);
    pluralRules.set(tag, rules);
  }
  return rules.select(count) as PluralSuffix;
}

export class Translator {
  private readonly store = new Map<string, Texts>();
  private readonly listeners = new Set<() => void>();
  language = '';

  /** Adds (and deeply merges) a language's texts. */
  addTexts(locale: string, texts: object): void {
    const current = this.store.get(locale) ?? {};
    merge(current, texts as Texts);
    this.store.set(locale, current);
  }

  /** Whether the current language has a text for `key` (loaded yet). */
  exists(key: string): boolean {
    return lookup(this.store.get(this.language), key) !== undefined;
  }

  /** Forgets every text and the language (a new start, the tests). */
  reset(): void {
    this.store.clear();
    this.language = '';
  }

  changeLanguage(locale: string): void {
    if (locale === this.language) return;
    this.language = locale;
    for (const listener of this.listeners) listener();
  }

  /** Called on every language change; returns the unsubscription (a bound function: React's hook). */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  translate(locale: string, key: string, options?: TextOptions): string {
    const texts = this.store.get(locale);
    const count = options?.count;
    const text =
      (typeof count === 'number' ? lookup(texts, `${key}_${pluralOf(locale, count)}`) : undefined) ??
      (typeof count === 'number' ? lookup(texts, `${key}_other`) : undefined) ??
      lookup(texts, key);
    if (text === undefined) return key;
    if (!options) return text;
    return text.replace(INTERPOLATION, (whole, name: string) => {
      const value = options[name];
      return value === undefined || value === null ? whole : String(value);
    });
  }

  /** `t` in the current language (read at each call). */
  readonly t: TFunction = (key, options) => this.translate(this.language, key, options);

  /** `t` in one language whatever the current one (the maintenance page shows three). */
  getFixedT(locale: string): TFunction {
    return (key, options) => this.translate(locale, key, options);
  }
}
