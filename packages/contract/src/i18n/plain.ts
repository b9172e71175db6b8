// The server's side of the text catalogs (decision 0083): the API reads its JSON catalogs (error
// messages, the OAuth pages, e-mails and SMS) without an ICU runtime, so a message must be what
// it renders: text and `{name}` arguments. The SPA converts the same files at build time.

export type Catalog = { [key: string]: string | Catalog };

/**
 * Messages rendered as ICU would: text and `{name}` arguments. A plural, a select, a format or ICU
 * quoting (an apostrophe before a brace, a doubled one) is refused when the catalog is loaded.
 */
const PLAIN_MESSAGE = /^(?:[^{}']|'(?![{}'])|\{\w+\})*$/u;

/** The catalog as it is, once every message is known to be plain; else an error naming file and key. */
export function checkedCatalog<T extends Catalog>(catalog: T, file: string, path = ''): T {
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value !== 'string') checkedCatalog(value, file, `${path}${key}.`);
    else if (!PLAIN_MESSAGE.test(value))
      throw new Error(`${file}: ${path}${key}: only text and {name} arguments can be rendered in a message`);
  }
  return catalog;
}

/** Each language's catalog checked as `checkedCatalog` does, the file named by `fileOf`. */
export function checkedCatalogs<C extends Record<string, Catalog>>(
  catalogs: C,
  fileOf: (language: string) => string,
): C {
  for (const [language, catalog] of Object.entries(catalogs)) checkedCatalog(catalog, fileOf(language));
  return catalogs;
}

/** The two-letter language of a locale (`fr_LU` → `fr`), or English when there is no such catalog. */
export function catalogLanguage<L extends string>(locale: string, languages: readonly L[]): L | 'en' {
  const language = locale.slice(0, 2).toLowerCase();
  return (languages as readonly string[]).includes(language) ? (language as L) : 'en';
}
